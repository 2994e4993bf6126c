/**
 * One resource with the version of its event stream (the stream version of its last event),
 * which the API answers as its `ETag`: as a read table shows it, or as a write decided it.
 */
export interface Versioned<T> {
  data: T;
  version: number;
}
