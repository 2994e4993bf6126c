// A real browser on a shared 2-core machine: page loads take seconds, not milliseconds.
jest.setTimeout(60_000);
