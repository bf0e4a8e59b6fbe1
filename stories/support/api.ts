/**
 * Stories need no server: every axios instance of src/api answers from a route table through an adapter (the same
 * seam the component tests use, tests/support/fake-http.ts). `PENDING` keeps a call in flight (loading states),
 * `fail(status, body)` answers an error as the server would.
 */
import type { AxiosAdapter, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { bikeHttp } from '../../src/api/bike.ts';
import { docsHttp } from '../../src/api/docs.ts';
import { mainHttp } from '../../src/api/main.ts';
import { publicHttp } from '../../src/api/public.ts';
import type { LoginData } from '../../src/api/session.ts';

export const PENDING: unique symbol = Symbol('pending');

class Failure {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** An error answer: the screens show its `detail`/`message`, as from the server. */
export const fail = (status: number, detail = 'Something went wrong, please try again'): Failure => new Failure(status, { detail });

/** A body to answer with, `PENDING`, or a `fail(…)`. */
type Answer = object | string | number | boolean | null | typeof PENDING;
/** The request as a route sees it: query parameters and body. */
export interface Request {
  params: Record<string, unknown>;
  body: unknown;
  config: InternalAxiosRequestConfig;
}
/**
 * 'GET v2/inspection/*' → the body to answer (`data` of the response) or a function of the request, which may answer
 * later (a promise: a slow server). `*` matches one path segment.
 */
export type Route = Answer | ((request: Request) => Answer | Promise<Answer>);
export type Routes = Record<string, Route>;

function paramsOf(config: InternalAxiosRequestConfig): Record<string, unknown> {
  const { params } = config;
  if (params instanceof URLSearchParams) return Object.fromEntries(params);
  return { ...(params as Record<string, unknown> | undefined) };
}

function bodyOf(config: InternalAxiosRequestConfig): unknown {
  if (typeof config.data !== 'string') return config.data;
  try {
    return JSON.parse(config.data);
  } catch {
    return config.data;
  }
}

function matcher(pattern: string): (method: string, url: string) => boolean {
  const [method, path] = pattern.split(' ');
  const re = new RegExp(`^${path.split('*').map((s) => s.replace(/[.?+^$()[\]{}|\\]/g, '\\$&')).join('[^/]+')}$`);
  return (m, url) => m === method && re.test(url);
}

/** An adapter answering from `routes`; an unknown call answers 404, as a missing server route would. */
export function routeAdapter(routes: Routes): AxiosAdapter {
  const table = Object.entries(routes).map(([pattern, answer]) => ({ matches: matcher(pattern), answer: answer as Route }));
  return async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').replace(/^\//, '');
    const hit = table.find((r) => r.matches(method, url));
    const route: Route = hit ? hit.answer : new Failure(404, { detail: `No story fixture for ${method} ${url}` });
    const answer = typeof route === 'function' ? await route({ params: paramsOf(config), body: bodyOf(config), config }) : route;
    if (answer === PENDING) return new Promise<never>(() => undefined);
    if (answer instanceof Failure) {
      const response = { status: answer.status, statusText: String(answer.status), data: answer.body, headers: {}, config };
      throw Object.assign(new Error(`Request failed with status code ${answer.status}`), { response, config, isAxiosError: true });
    }
    return { status: 200, statusText: 'OK', data: answer, headers: {}, config };
  };
}

const INSTANCES: AxiosInstance[] = [mainHttp, bikeHttp, docsHttp, publicHttp];

/** Points every API host at `routes` (called while a story renders, before any screen fetches). */
export function serve(routes: Routes): void {
  const adapter = routeAdapter(routes);
  for (const http of INSTANCES) http.defaults.adapter = adapter;
}

export const REVIEWER = 'qc.reviewer@qc.example';
export const OTHER_REVIEWER = 'qc.reviewer2@qc.example';

/** The login data sign-in stores for `role` (what useSession reads). */
export function sessionFor(role: string, email = REVIEWER, name = 'Asha Reviewer'): LoginData {
  return { access_token: 'story', role, email, name, isExcludedUser: false };
}

/** Signs `session` in (or everyone out) for the story about to render. */
export function signIn(session: LoginData | null): void {
  if (session) localStorage.setItem('loginData', JSON.stringify(session));
  else localStorage.removeItem('loginData');
}
