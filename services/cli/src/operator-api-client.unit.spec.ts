import { operatorApi } from '@brand-api/contracts';
import { createOperatorApiClient, OperatorApiError } from './operator-api-client';
import { ResponseContractError } from './response-check';

const brandId = '0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b';

/** A fetch that records the request and answers `status` with `text`. */
function answering(status: number, text: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: typeof globalThis.fetch = (url, init) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init ?? {} });
    return Promise.resolve(new Response(text, { status }));
  };
  return { calls, fetch };
}

const client = (fetch: typeof globalThis.fetch) =>
  createOperatorApiClient({
    baseUrl: 'http://ops.test/',
    token: 't0k',
    fetch,
    checkResponses: true,
  });

describe('the operator API client', () => {
  it('fills the path from the operation, adds the query it was given and sends the body as JSON', async () => {
    const { calls, fetch } = answering(
      200,
      JSON.stringify({ hasMore: false, data: [], nextCursor: null }),
    );
    await client(fetch).call(operatorApi.adminListWebhookMessages, {
      params: { brandId, endpointId: 'a b/c' },
      query: { limit: 5, cursor: undefined, status: 'failed' },
    });
    expect(calls[0]!.url).toBe(
      `http://ops.test/admin/v1/brands/${brandId}/webhook-endpoints/a%20b%2Fc/messages?limit=5&status=failed`,
    );

    const post = answering(201, JSON.stringify({ data: { id: brandId, name: 'General' } }));
    await client(post.fetch).call(operatorApi.adminCreateRoom, {
      params: { brandId },
      body: { name: 'General' },
    });
    expect(post.calls[0]!.init).toMatchObject({
      method: 'POST',
      body: '{"name":"General"}',
      headers: { authorization: 'Bearer t0k', 'content-type': 'application/json' },
    });
  });

  it('refuses an answer outside the response schema when checking', async () => {
    const { fetch } = answering(201, JSON.stringify({ data: { id: brandId } }));
    await expect(
      client(fetch).call(operatorApi.adminCreateRoom, {
        params: { brandId },
        body: { name: 'General' },
      }),
    ).rejects.toThrow(ResponseContractError);
  });

  it('reports a foreign error answer with its status and first characters', async () => {
    const { fetch } = answering(502, 'Bad gateway');
    const error = await client(fetch)
      .call(operatorApi.adminProjectionStatus, {})
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OperatorApiError);
    expect((error as OperatorApiError).body).toEqual({
      message: 'Bad gateway',
      code: 'HTTP_ERROR',
      statusCode: 502,
    });
  });
});
