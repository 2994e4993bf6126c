/** Exit codes of `brand-api` (sysexits.h), so scripts and supervisors can tell failures apart. */
export const exitCodes = { usage: 64, config: 78, dataDirLocked: 75, startFailed: 1 } as const;
