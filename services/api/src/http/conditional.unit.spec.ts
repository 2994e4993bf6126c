import { ApiError } from '@brand-api/contracts';
import { etagOf, expectedVersionsOf } from './conditional';

describe('If-Match', () => {
  it('names the versions of the strong entity tags the API answers', () => {
    expect(expectedVersionsOf(undefined)).toBeUndefined();
    expect(expectedVersionsOf(etagOf(3))).toEqual([3]);
    expect(expectedVersionsOf(' "1" , "20"')).toEqual([1, 20]);
    expect(expectedVersionsOf('"1",, "2",')).toEqual([1, 2]);
    expect(expectedVersionsOf('*')).toBe('any');
  });

  it('takes the tag of a compressed answer ("3-gzip", "3-br") as naming its version', () => {
    expect(expectedVersionsOf('"3-gzip"')).toEqual([3]);
    expect(expectedVersionsOf('"4-br", "5"')).toEqual([4, 5]);
    expect(expectedVersionsOf('"3-deflate", W/"3-br", "3-"')).toEqual([]);
  });

  it('names no version for weak tags or tags the API never answers (412, not 400)', () => {
    expect(expectedVersionsOf('W/"3"')).toEqual([]);
    expect(expectedVersionsOf('"abc", "01", "-1"')).toEqual([]);
    expect(expectedVersionsOf('""')).toEqual([]);
  });

  it.each(['3', '"3', '3"', 'W/3', ' , ', '"3" "4"', '*, "3"', '', 'W/ "3"'])(
    'refuses %j as malformed: 400 VALIDATION_FAILED on the header',
    (header) => {
      let thrown: unknown;
      try {
        expectedVersionsOf(header);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ location: 'header', field: 'If-Match' }],
      });
    },
  );
});
