// Jest transform for stylesheets in jsdom unit tests: a CSS module exports each of its class
// names as itself (what Gatsby's css-loader does, minus the hash); a plain stylesheet exports
// nothing. Plain JS: Jest loads transformers without compiling them.
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

module.exports = {
  process(source, filename) {
    if (!filename.endsWith('.module.css')) return { code: 'module.exports = {};' };
    const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '');
    const names = new Set([...withoutComments.matchAll(CLASS_NAME)].map((match) => match[1]));
    const classes = Object.fromEntries([...names].map((name) => [name, name]));
    return { code: `module.exports = ${JSON.stringify(classes)};` };
  },
};
