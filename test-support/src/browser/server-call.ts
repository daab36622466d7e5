/** A JSON call to a run's server (set-up only: it throws on anything but 2xx). */
export async function serverCall<T>(baseURL: string, method: string, pathname: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
