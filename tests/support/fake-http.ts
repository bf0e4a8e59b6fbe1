import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

type Route = (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | undefined;

/** An axios adapter answering from a routing function, recording what was asked: the server stays out of component tests. */
export function fakeAdapter(route: Route, seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const answer = route(config) ?? { status: 404, data: { message: `no fake for ${config.url}` } };
    const response = { ...answer, statusText: String(answer.status), headers: {}, config };
    if (answer.status >= 400) throw Object.assign(new Error(`Request failed with status code ${answer.status}`), { response, config, isAxiosError: true });
    return response;
  };
}

export function signInAs(role: string, email = 'qc.reviewer@qc.example', isExcludedUser = false) {
  localStorage.setItem('loginData', JSON.stringify({ access_token: 't', role, email, name: 'Tester', isExcludedUser }));
}
