/** @jest-environment jsdom */
describe('createStorageSlot', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.resetModules();
  });

  it('reads, writes and deletes its key', async () => {
    const { createStorageSlot } = await import('./storage');
    const slot = createStorageSlot('theme');
    slot.set('dark');
    expect(slot.get()).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    slot.del();
    expect(slot.get()).toBeNull();
  });

  it('logs one warning and does nothing when storage is unavailable', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { createStorageSlot } = await import('./storage');
    const slot = createStorageSlot('theme');
    expect(() => slot.set('dark')).not.toThrow();
    expect(slot.get()).toBeNull();
    slot.del();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
