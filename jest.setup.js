// Tests choose their database from the environment: TEST_DATABASE_URL, then DATABASE_URL,
// and embedded PGlite when neither is set (see services/event-store/src/testing).
process.env.NODE_ENV = 'test';
