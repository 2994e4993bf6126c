/**
 * The lifecycle products and variants share: created with their fields, updated field by field,
 * deleted. A deleted one keeps its id and what a late event about it still needs.
 */

export interface ActiveCatalogueEntity<Fields> {
  status: 'active';
  id: string;
  fields: Fields;
  createdAt: string;
  updatedAt: string;
}

export type CatalogueEntityState<Fields, Deleted extends object> =
  | { status: 'absent' }
  | ActiveCatalogueEntity<Fields>
  | ({ status: 'deleted'; id: string } & Deleted);

/** The state a creation starts: its fields as created, updated when created. */
export function createdEntity<Fields>(
  id: string,
  fields: Fields,
  createdAt: string,
): ActiveCatalogueEntity<Fields> {
  return { status: 'active', id, fields, createdAt, updatedAt: createdAt };
}

/** The state after an update: its changes replace those fields; only an active entity changes. */
export function updatedEntity<Fields, Deleted extends object>(
  state: CatalogueEntityState<Fields, Deleted>,
  changes: Partial<Fields>,
  updatedAt: string,
): CatalogueEntityState<Fields, Deleted> {
  if (state.status !== 'active') return state;
  return { ...state, fields: { ...state.fields, ...changes }, updatedAt };
}

/**
 * The entries of `requested` whose value differs from `current`, or undefined when none does.
 * Values are JSON scalars (strings, numbers, null), so `!==` is the right comparison.
 */
export function changedFields<T extends object>(
  current: T,
  requested: Partial<T>,
): Partial<T> | undefined {
  const changes: Partial<T> = {};
  let changed = false;
  for (const key of Object.keys(requested) as (keyof T)[]) {
    const value = requested[key];
    if (value === undefined || value === current[key]) continue;
    changes[key] = value;
    changed = true;
  }
  return changed ? changes : undefined;
}
