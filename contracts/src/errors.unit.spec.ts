import { Compile } from 'typebox/compile';
import { ErrorBody } from './entities/error-body';
import { errorCatalogue, errorCodes, isErrorCode } from './error-catalogue';
import { ApiError, errorBody } from './errors';
import { errorTable } from './scope-table';

const validBody = Compile(ErrorBody);

describe('error catalogue', () => {
  it('holds SPEC §8 entries exactly as written', () => {
    expect(errorCatalogue.UNAUTHORIZED).toMatchObject({
      statusCode: 401,
      message: 'Missing API key',
    });
    expect(errorCatalogue.NOT_FOUND).toMatchObject({
      statusCode: 404,
      message: 'Resource not found',
    });
  });

  it.each([
    ['INVALID_API_KEY', 401],
    ['VALIDATION_FAILED', 400],
    ['INVALID_JSON', 400],
    ['FORBIDDEN', 403],
    ['CONFLICT', 409],
    ['RATE_LIMITED', 429],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['CUSTOM_AUTH_NOT_ENABLED', 403],
    ['EMAIL_VERIFICATION_NOT_ALLOWED', 403],
    ['ROUTE_NOT_FOUND', 404],
    ['METHOD_NOT_ALLOWED', 405],
    ['INTERNAL', 500],
    ['SERVICE_UNAVAILABLE', 503],
  ])('has %s with status %i', (code, statusCode) => {
    expect(isErrorCode(code)).toBe(true);
    expect(errorCatalogue[code as keyof typeof errorCatalogue].statusCode).toBe(statusCode);
  });

  it('gives every code an error status, a message and a description', () => {
    for (const code of errorCodes) {
      const { statusCode, message, description } = errorCatalogue[code];
      expect(statusCode >= 400 && statusCode <= 599).toBe(true);
      expect(message.length).toBeGreaterThan(3);
      expect(description.length).toBeGreaterThan(10);
    }
    expect(errorTable.map((row) => row.code)).toEqual(errorCodes);
  });

  it('builds the SPEC §8 body for a missing key, with the request id', () => {
    expect(errorBody('UNAUTHORIZED', 'req_1')).toEqual({
      message: 'Missing API key',
      code: 'UNAUTHORIZED',
      statusCode: 401,
      requestId: 'req_1',
    });
  });

  it('builds valid bodies for every code, with overrides', () => {
    for (const code of errorCodes) {
      const body = errorBody(code, 'req_1', {
        message: 'Precise message',
        details: [{ location: 'body', field: '/title', message: 'too short' }],
      });
      expect(validBody.Errors(body)).toEqual([]);
      expect(body).toMatchObject({ code, message: 'Precise message', requestId: 'req_1' });
    }
    expect(errorBody('NOT_FOUND', 'req_1', { details: [] })).not.toHaveProperty('details');
  });

  it('refuses a body with an unknown code', () => {
    expect(validBody.Check({ message: 'x', code: 'NOPE', statusCode: 400, requestId: 'r' })).toBe(
      false,
    );
    expect(validBody.Check({ message: 'x', code: 'NOT_FOUND', statusCode: 404 })).toBe(false);
  });
});

describe('ApiError', () => {
  it('takes status and message from the catalogue', () => {
    const error = new ApiError('NOT_FOUND');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      statusCode: 404,
      message: 'Resource not found',
    });
    expect(error.toBody('req_9')).toEqual({
      message: 'Resource not found',
      code: 'NOT_FOUND',
      statusCode: 404,
      requestId: 'req_9',
    });
  });

  it('carries a precise message, details and cause', () => {
    const cause = new Error('db');
    const error = new ApiError('VALIDATION_FAILED', {
      message: 'Unknown member groups',
      details: [{ location: 'body', field: '/groupIds/1', message: 'unknown group' }],
      cause,
    });
    expect(error.cause).toBe(cause);
    expect(error.toBody('req_2')).toEqual({
      message: 'Unknown member groups',
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      requestId: 'req_2',
      details: [{ location: 'body', field: '/groupIds/1', message: 'unknown group' }],
    });
  });
});
