/** Lookups the spec caches in local storage without expiry (location store, assignee data: spec 000 §3). */
export async function cachedInStorage<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const raw = localStorage.getItem(key);
  if (raw) {
    try {
      return JSON.parse(raw) as T;
    } catch {
      localStorage.removeItem(key);
    }
  }
  const value = await fetcher();
  localStorage.setItem(key, JSON.stringify(value));
  return value;
}
