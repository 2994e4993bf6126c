import { randomUUID } from 'node:crypto';
import type { Decider } from '@brand-api/domain';
import type { CommandContext } from '../commands/command-context';
import { CommandEngine } from '../commands/command-engine';
import { reservedForKey } from '../commands/reservations';
import type { ClaimDecider } from '../commands/reservations';
import type { EventStore } from '../event-store';

/**
 * Test deciders of the single-stream specs: accounts with unique names, as products with
 * unique store ids, without the domain's aggregates (the event store takes only the `Decider`
 * type from the domain).
 */
export type NameEvent =
  | { type: 'NameClaimed'; schemaVersion: 1; data: { holder: string } }
  | { type: 'NameReleased'; schemaVersion: 1; data: { holder: string } }
  | { type: 'NameReservationCancelled'; schemaVersion: 1; data: { holder: string } };
export type NameCommand = { type: 'Claim' | 'Release' | 'Cancel'; holder: string };

export class NameTakenError extends Error {}

export const nameClaims: ClaimDecider<NameCommand, string | undefined, NameEvent> = {
  initialState: () => undefined,
  evolve: (holder, event) =>
    event.type === 'NameClaimed'
      ? (holder ?? event.data.holder)
      : holder === event.data.holder
        ? undefined
        : holder,
  decide(command, holder) {
    switch (command.type) {
      case 'Claim':
        if (holder === command.holder) return [];
        if (holder !== undefined) throw new NameTakenError(`taken by ${holder}`);
        return [{ type: 'NameClaimed', schemaVersion: 1, data: { holder: command.holder } }];
      case 'Release':
        return holder === command.holder
          ? [{ type: 'NameReleased', schemaVersion: 1, data: { holder: command.holder } }]
          : [];
      case 'Cancel':
        return holder === command.holder
          ? [
              {
                type: 'NameReservationCancelled',
                schemaVersion: 1,
                data: { holder: command.holder },
              },
            ]
          : [];
    }
  },
  reservations: {
    reservedFor: (event) =>
      event.type === 'NameClaimed' ? accountStream(event.data.holder) : undefined,
    cancel: (event) => ({ type: 'Cancel', holder: event.data.holder }),
  },
};

export type AccountEvent = {
  type: 'AccountOpened' | 'AccountClosed';
  schemaVersion: 1;
  data: { id: string };
};

export const accounts: Decider<'Open' | 'Close', 'absent' | 'open' | 'closed', AccountEvent> = {
  initialState: () => 'absent',
  evolve: (_, event) => (event.type === 'AccountOpened' ? 'open' : 'closed'),
  decide: (command, state) => {
    if (command === 'Open' && state === 'absent') {
      return [{ type: 'AccountOpened', schemaVersion: 1, data: { id: 'account' } }];
    }
    if (command === 'Close' && state === 'open') {
      return [{ type: 'AccountClosed', schemaVersion: 1, data: { id: 'account' } }];
    }
    return [];
  },
};

export const accountStream = (id: string): string => `account-${id}`;
export const nameStream = (name: string): string => `name-${name}`;

/** A command engine on `eventStore`, on the machine's clock, logging nothing. */
export const engineOn = (eventStore: EventStore): CommandEngine =>
  new CommandEngine({
    eventStore,
    clock: () => new Date(),
    logger: { warn: () => undefined, error: () => undefined },
  });

/** Opens an account holding a unique name, as a product takes its store id; answers its id. */
export const openAccount = (
  engine: CommandEngine,
  context: CommandContext,
  name: string,
  id: string = randomUUID(),
) =>
  engine.run(
    context,
    async (uow) => {
      const claim = await uow.load(nameStream(name), nameClaims, { tenant: false });
      claim.decide({ type: 'Claim', holder: id });
      uow.fresh(accountStream(id), accounts).decide('Open');
      return id;
    },
    { readAfterWrite: false },
  );

/**
 * `holder`'s claim on `name` appended alone, as a command leaves it between its claim's append
 * and its entity's: reserved for the event `entityEventId` of the holder's account, not there.
 */
export const appendLoneClaim = (
  store: EventStore,
  name: string,
  holder: string,
  {
    entityEventId = randomUUID(),
    metadata = {},
  }: { entityEventId?: string; metadata?: object } = {},
) =>
  store.appendToStream(
    nameStream(name),
    [
      {
        type: 'NameClaimed',
        data: { holder },
        metadata: {
          ...metadata,
          [reservedForKey]: { streamName: accountStream(holder), eventId: entityEventId },
        },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
