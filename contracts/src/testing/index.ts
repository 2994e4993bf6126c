export { edgeArbitrary, insideArbitrary } from './edge-arbitraries';
