import type { PipelinedStatement } from './database';
import { TransactionAbortedError } from './database';
import type { StatementRunner, StatementsOutcome } from './transaction-protocol';
import { runTransaction } from './transaction-protocol';

/**
 * What leaves for the server, statement by statement. The drivers' own behaviour (atomicity,
 * locks, rows) is tested against real databases in pipeline.int.spec.ts; this is the order and
 * the absence of BEGIN and COMMIT, which no database answer shows.
 */
function recordingRunner(failAt?: (statement: PipelinedStatement) => boolean) {
  const sent: string[][] = [];
  const reads: (number | undefined)[] = [];
  const run: StatementRunner = (statements, read) => {
    sent.push(statements.map((each) => each.text));
    reads.push(read);
    const index = failAt ? statements.findIndex(failAt) : -1;
    const outcome: StatementsOutcome =
      index >= 0
        ? { failure: { index, error: new Error(`failed: ${statements[index]!.text}`) } }
        : {
            failure: undefined,
            ...(read === undefined
              ? {}
              : { read: { rows: [{ at: read }], rowCount: 1, tag: statements[read]!.text } }),
          };
    return Promise.resolve(outcome);
  };
  return { sent, run, reads };
}

const lock = { text: 'SELECT lock()' };

describe('runTransaction', () => {
  it('sends a transaction that is one committing pipeline with its prelude, and no BEGIN or COMMIT', async () => {
    const { sent, run } = recordingRunner();
    await runTransaction(run, (tx) => tx.pipeline([{ text: 'INSERT a' }], { commit: true }), {
      prelude: [lock],
    });
    expect(sent).toEqual([['SELECT lock()', 'INSERT a']]);
  });

  it("hands `read` its statement's rows, and reads no other's", async () => {
    const { run, reads } = recordingRunner();
    const got: unknown[] = [];
    await runTransaction(
      run,
      (tx) =>
        tx.pipeline([{ text: 'INSERT a' }, { text: 'SELECT b' }, { text: 'SELECT c' }], {
          commit: true,
          read: { index: 1, onRows: (rows) => got.push(rows) },
        }),
      { prelude: [lock] },
    );
    // The prelude leads the pipeline: statement 1 of the pipeline is the third sent.
    expect(reads).toEqual([2]);
    expect(got).toEqual([[{ at: 2 }]]);
  });

  it('opens with BEGIN and the prelude before a first query, and commits at the end', async () => {
    const { sent, run } = recordingRunner();
    await runTransaction(
      run,
      async (tx) => {
        await tx.query('SELECT a');
        await tx.pipeline([{ text: 'INSERT b' }], { commit: true });
      },
      { prelude: [lock] },
    );
    expect(sent).toEqual([
      ['BEGIN', 'SELECT lock()', 'SELECT a'],
      ['INSERT b', 'COMMIT'],
    ]);
  });

  it('sends COMMIT on its own when no pipeline carried it, and nothing for a transaction that ran nothing', async () => {
    const { sent, run } = recordingRunner();
    await runTransaction(run, async (tx) => {
      await tx.pipeline([{ text: 'INSERT a' }]);
    });
    await runTransaction(run, () => Promise.resolve());
    expect(sent).toEqual([['BEGIN', 'INSERT a'], ['COMMIT']]);
  });

  it('rolls back an explicit transaction that threw, and not one the server rolled back itself', async () => {
    const failing = recordingRunner((statement) => statement.text === 'INSERT bad');
    const explicit = runTransaction(failing.run, async (tx) => {
      await tx.query('SELECT a');
      const failure = await tx.pipeline([{ text: 'INSERT bad' }], { commit: true });
      if (failure) throw failure.error;
    });
    await expect(explicit).rejects.toThrow('failed: INSERT bad');
    const implicit = runTransaction(failing.run, async (tx) => {
      const failure = await tx.pipeline([{ text: 'INSERT bad' }], { commit: true });
      if (failure) throw failure.error;
    });
    await expect(implicit).rejects.toThrow('failed: INSERT bad');
    expect(failing.sent).toEqual([
      ['BEGIN', 'SELECT a'],
      ['INSERT bad', 'COMMIT'],
      ['ROLLBACK'],
      ['INSERT bad'],
    ]);
  });

  it('refuses to report success for work that returned after its implicit transaction failed', async () => {
    const failing = recordingRunner((statement) => statement.text === 'INSERT bad');
    const outcome = runTransaction(failing.run, async (tx) => {
      await tx.pipeline([{ text: 'INSERT bad' }], { commit: true });
    });
    await expect(outcome).rejects.toBeInstanceOf(TransactionAbortedError);
  });

  it('answers an aborted COMMIT with TransactionAbortedError, and tells of a connection lost', async () => {
    const aborted = runTransaction(
      (statements) =>
        Promise.resolve({
          failure: undefined,
          read: {
            rows: [],
            rowCount: 0,
            tag: statements[0]!.text === 'COMMIT' ? 'ROLLBACK' : 'INSERT 0 1',
          },
        }),
      async (tx) => {
        await tx.query('INSERT a');
      },
    );
    await expect(aborted).rejects.toBeInstanceOf(TransactionAbortedError);
    const lost = new Error('connection lost');
    const broken: unknown[] = [];
    const { sent, run } = recordingRunner();
    const outcome = runTransaction(
      run,
      async (tx) => {
        await tx.query('SELECT a');
        throw lost;
      },
      { connectionLost: (error) => error === lost, onBroken: (error) => broken.push(error) },
    );
    await expect(outcome).rejects.toBe(lost);
    expect(broken).toEqual([lost]);
    expect(sent).toEqual([['BEGIN', 'SELECT a']]); // no ROLLBACK to a connection that is gone
  });
});
