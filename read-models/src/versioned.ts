/**
 * One resource as a read table shows it, with the version of its event stream (the stream
 * version of its last event) that the API answers as its `ETag`.
 */
export interface Versioned<T> {
  data: T;
  version: number;
}
