// The part of fs-native-extensions we use; the package ships no types.
declare module 'fs-native-extensions' {
  /**
   * Locks the whole open file without waiting: true when granted, false when another open file
   * description holds it (Linux: an OFD lock, F_OFD_SETLK; macOS: flock; Windows: LockFileEx).
   * An exclusive lock needs a file opened for writing.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
}
