/**
 * `BrandApiClient`: every operation of the Brand API as a typed method, grouped by resource.
 * Parameters, bodies and answers are the contracts' types (contract-types.ts); the transport
 * retries with idempotency keys; lists are also async iterators; catalogues have a bulk helper.
 */
import { syncInBatches, type SyncInput, type SyncOptions, type SyncResult } from './bulk';
import type {
  BrandProduct,
  BrandProductVariant,
  Member,
  MemberGroup,
  OperationId,
  Post,
} from './contract-types';
import { EventsResource } from './events';
import type { AnswerOf, BodyOf, QueryOf, RequestInput } from './operation-types';
import { listItems, type CursorName, type Page } from './pagination';
import { operations } from './operations';
import { queryString } from './query-string';
import { retryPolicy, type RetryOptions } from './retry';
import { Transport, type Answer, type CallOptions } from './transport';

export interface BrandApiClientOptions {
  /** A Brand API key (`bk_live_…`); by default `process.env.BRAND_API_KEY`. */
  apiKey?: string;
  /** The API host, e.g. `https://api.example.com`; by default `process.env.BRAND_API_URL`. */
  baseUrl?: string;
  retry?: RetryOptions;
  /** Each attempt's time limit in ms (default 30 s); a timed-out attempt is retried. */
  timeoutMs?: number;
  /** The `fetch` to use; by default the global one (Node 20+). */
  fetch?: typeof fetch;
}

export type { AnswerOf, BodyOf, ParamsOf, QueryOf, RequestInput } from './operation-types';

const USER_AGENT = 'brand-api-client-typescript/1.0.0';

export class BrandApiClient {
  readonly brandProducts: CatalogueResource<'product'>;
  readonly brandProductVariants: CatalogueResource<'variant'>;
  readonly members: MembersResource;
  readonly memberGroups: MemberGroupsResource;
  readonly magicLinks: MagicLinksResource;
  readonly posts: PostsResource;
  readonly events: EventsResource;
  /** @internal */
  readonly transport: Transport;

  constructor(options: BrandApiClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env.BRAND_API_KEY;
    const baseUrl = options.baseUrl ?? process.env.BRAND_API_URL;
    if (apiKey === undefined || apiKey === '') {
      throw new TypeError('BrandApiClient needs an API key: pass apiKey or set BRAND_API_KEY');
    }
    if (baseUrl === undefined || baseUrl === '') {
      throw new TypeError('BrandApiClient needs the API URL: pass baseUrl or set BRAND_API_URL');
    }
    this.transport = new Transport({
      apiKey,
      baseUrl,
      retry: retryPolicy(options.retry),
      timeoutMs: options.timeoutMs ?? 30_000,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      userAgent: USER_AGENT,
    });
    this.brandProducts = new CatalogueResource(this, productOperations);
    this.brandProductVariants = new CatalogueResource(this, variantOperations);
    this.members = new MembersResource(this);
    this.memberGroups = new MemberGroupsResource(this);
    this.magicLinks = new MagicLinksResource(this);
    this.posts = new PostsResource(this);
    this.events = new EventsResource(
      (query, options) => this.request('listEvents', { query }, options),
      this.transport,
    );
  }

  /** Any operation of the route table by its operationId, typed from the contracts. */
  async request<Op extends OperationId>(
    operation: Op,
    input: RequestInput<Op>,
    options: CallOptions = {},
  ): Promise<AnswerOf<Op>> {
    return (await this.exchange(operation, input, options)).body;
  }

  /** `request` with the answer's status and headers. @internal */
  exchange<Op extends OperationId>(
    operation: Op,
    input: RequestInput<Op>,
    options: CallOptions = {},
  ): Promise<Answer<AnswerOf<Op>>> {
    const { method, path } = operations[operation];
    const { params, query, body } = input as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params?.[name];
      if (value === undefined) throw new TypeError(`${operation} needs the path parameter ${name}`);
      return encodeURIComponent(value);
    });
    return this.transport.call(method, `${filled}${queryString(query)}`, body, options);
  }
}

type ListOperation =
  | 'listBrandProducts'
  | 'listBrandProductVariants'
  | 'listMembers'
  | 'listMemberGroups'
  | 'listPosts';

/** A resource with a list: `list` gives one page, `all` every item, page after page. */
export class ListedResource<Op extends ListOperation, Item> {
  constructor(
    protected readonly client: BrandApiClient,
    private readonly listOperation: Op,
    private readonly cursorName: CursorName,
  ) {}

  /** One page; pass its `nextCursor` as `cursor` (products, variants) or `after` for the next. */
  list(query: QueryOf<Op> = {}, options?: CallOptions): Promise<AnswerOf<Op>> {
    return this.client.request(this.listOperation, { query } as RequestInput<Op>, options);
  }

  /** Every item, page after page: `for await (const item of resource.all())`. */
  all(query: QueryOf<Op> = {}, options?: CallOptions): AsyncGenerator<Item, void, undefined> {
    return listItems(
      (page) => this.list(page, options) as Promise<Page<Item>>,
      query,
      this.cursorName,
    );
  }
}

const productOperations = {
  list: 'listBrandProducts',
  create: 'createBrandProduct',
  get: 'getBrandProduct',
  update: 'updateBrandProduct',
  delete: 'deleteBrandProduct',
  bulk: 'bulkBrandProducts',
} as const;
const variantOperations = {
  list: 'listBrandProductVariants',
  create: 'createBrandProductVariant',
  get: 'getBrandProductVariant',
  update: 'updateBrandProductVariant',
  delete: 'deleteBrandProductVariant',
  bulk: 'bulkBrandProductVariants',
} as const;
type CatalogueOps = { product: typeof productOperations; variant: typeof variantOperations };
type CatalogueItem = { product: BrandProduct; variant: BrandProductVariant };
type CatalogueNew = {
  product: BodyOf<'createBrandProduct'>;
  variant: BodyOf<'createBrandProductVariant'>;
};

/** Products or variants: the same six operations, and `sync` over the bulk call. */
export class CatalogueResource<K extends keyof CatalogueOps> extends ListedResource<
  CatalogueOps[K]['list'],
  CatalogueItem[K]
> {
  constructor(
    client: BrandApiClient,
    private readonly ops: CatalogueOps[K],
  ) {
    super(client, ops.list, 'cursor');
  }

  // K makes each operation one of two; TypeScript cannot narrow RequestInput through it.
  private call<Op extends OperationId>(operation: Op, input: object, options?: CallOptions) {
    return this.client.request(operation, input as RequestInput<Op>, options);
  }

  get(id: string, options?: CallOptions) {
    return this.call(this.ops.get, { params: { id } }, options);
  }

  create(body: BodyOf<CatalogueOps[K]['create']>, options?: CallOptions) {
    return this.call(this.ops.create, { body }, options);
  }

  update(id: string, body: BodyOf<CatalogueOps[K]['update']>, options?: CallOptions) {
    return this.call(this.ops.update, { params: { id }, body }, options);
  }

  delete(id: string, options?: CallOptions) {
    return this.call(this.ops.delete, { params: { id } }, options);
  }

  /** One bulk call: at most 100 upserts and 100 deletes. Prefer `sync` for more. */
  bulk(body: BodyOf<CatalogueOps[K]['bulk']>, options?: CallOptions) {
    return this.call(this.ops.bulk, { body }, options);
  }

  /**
   * Any number of upserts (by storeId) and deletes (by store id), 100 per bulk call, upserts
   * first; waits out the 10-calls-per-minute limit instead of failing.
   */
  sync(
    input: SyncInput<CatalogueNew[K]>,
    options?: SyncOptions,
  ): Promise<SyncResult<AnswerOf<CatalogueOps[K]['bulk']>>> {
    return syncInBatches(
      (body, callOptions) =>
        this.client.exchange(
          this.ops.bulk,
          { body } as RequestInput<typeof this.ops.bulk>,
          callOptions,
        ),
      input,
      options,
    ) as Promise<SyncResult<AnswerOf<CatalogueOps[K]['bulk']>>>;
  }
}

export class MembersResource extends ListedResource<'listMembers', Member> {
  constructor(client: BrandApiClient) {
    super(client, 'listMembers', 'after');
  }

  get(id: string, options?: CallOptions) {
    return this.client.request('getMember', { params: { id } }, options);
  }

  update(id: string, body: BodyOf<'updateMember'>, options?: CallOptions) {
    return this.client.request('updateMember', { params: { id }, body }, options);
  }
}

export class MemberGroupsResource extends ListedResource<'listMemberGroups', MemberGroup> {
  constructor(client: BrandApiClient) {
    super(client, 'listMemberGroups', 'after');
  }

  get(id: string, options?: CallOptions) {
    return this.client.request('getMemberGroup', { params: { id } }, options);
  }

  create(body: BodyOf<'createMemberGroup'>, options?: CallOptions) {
    return this.client.request('createMemberGroup', { body }, options);
  }

  update(id: string, body: BodyOf<'updateMemberGroup'>, options?: CallOptions) {
    return this.client.request('updateMemberGroup', { params: { id }, body }, options);
  }

  delete(id: string, options?: CallOptions) {
    return this.client.request('deleteMemberGroup', { params: { id } }, options);
  }
}

export class MagicLinksResource {
  constructor(private readonly client: BrandApiClient) {}

  /** A sign-in link for a member of a brand with custom auth; creates the member if new. */
  create(body: BodyOf<'createMagicLink'>, options?: CallOptions) {
    return this.client.request('createMagicLink', { body }, options);
  }
}

export class PostsResource extends ListedResource<'listPosts', Post> {
  constructor(client: BrandApiClient) {
    super(client, 'listPosts', 'after');
  }
}
