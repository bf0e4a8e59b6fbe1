import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { plainValidationText } from '../engine/validation-text.ts';
import { hasEarly, takeEarly } from './early-calls.ts';
import { browserLocation } from './location.ts';
import { clearSession, readSession } from './session.ts';

/** The error every API call rejects with: the server's message (or the transport's), the status and the body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    /** The server's own text when `message` is a plain rewording of it (schema failures), for the log. */
    readonly technical?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let leaving = false;

/**
 * After a 401 (or a 403 on the list): clears local storage and goes to /login unless already there (spec 000 §8).
 * Several calls failing together leave only once.
 */
export function signOutToLogin(): void {
  clearSession();
  if (leaving || browserLocation.pathname() === '/login') return;
  leaving = true;
  browserLocation.assign('/login');
}

/** For tests: forget that a sign-out redirect already happened. */
export function resetSignOutGuard(): void {
  leaving = false;
}

/** The most a plain-text error body may be to be shown as the server's sentence (a longer one is a page, not a sentence). */
const PLAIN_BODY_MAX = 300;

/**
 * The server's own sentence in an error body: its `detail` or `message`, or a short plain-text body (spec 000 §8:
 * errors reject with the server's response body); null when there is none, or the body is markup (a proxy's page).
 */
function serverWords(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const { message, detail } = body as { message?: unknown; detail?: unknown };
    if (typeof detail === 'string' && detail.trim()) return detail;
    if (typeof message === 'string' && message.trim()) return message;
    return null;
  }
  if (typeof body !== 'string') return null;
  const text = body.trim();
  return text && text.length <= PLAIN_BODY_MAX && !/<[a-z!/?]/i.test(text) ? text : null;
}

/** What a call that got no sentence from the server says: no answer at all, or an answer with only a status. */
export function transportFailure(status: number | null): string {
  if (status === null || status === 0) return 'The server could not be reached. Please check your connection and try again.';
  if (status >= 500) return `The server could not complete the request (error ${status}). Please try again.`;
  return `The request was refused (error ${status}).`;
}

/** An early response (src/api/early-calls.ts) as axios's own adapters give it: raw text (axios parses it as it parses theirs), rejected outside `validateStatus`. */
async function responseOf(early: Response, config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  const response: AxiosResponse = {
    data: await early.text(),
    status: early.status,
    statusText: early.statusText,
    headers: new AxiosHeaders(Object.fromEntries(early.headers)),
    config,
  };
  if (!config.validateStatus || config.validateStatus(early.status)) return response;
  const code = early.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${early.status}`, code, config, null, response);
}

/**
 * An adapter that answers a GET the page's early script already sent (src/app/early-start.ts) with its response;
 * every other call, and one whose early fetch failed on the network, goes to `send`. Below the interceptors, so the
 * token, `utm_source` and the 401 handling are the same either way.
 */
export function takingEarly(send: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    const early = config.method === 'get' && hasEarly() ? await takeEarly(new URL(axios.getUri(config), location.href).href) : null;
    return early ? responseOf(early, config) : send(config);
  };
}

const defaultAdapter = takingEarly(axios.getAdapter(axios.defaults.adapter));

/**
 * One axios instance per host: bearer token from storage, `utm_source=qc` on every call,
 * and a 401 clears the session once here rather than in every screen.
 */
export function createHttp(baseURL: string): AxiosInstance {
  const http = axios.create({ baseURL, adapter: defaultAdapter });
  http.interceptors.request.use((config) => {
    const token = readSession()?.access_token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (config.params instanceof URLSearchParams) config.params.set('utm_source', 'qc');
    else config.params = { ...(config.params as object | undefined), utm_source: 'qc' };
    return config;
  });
  http.interceptors.response.use(undefined, (error: AxiosError) => {
    const status = error.response?.status ?? 0;
    if (status === 401) signOutToLogin();
    const body = error.response?.data;
    const said = serverWords(body);
    if (said === null) {
      // No sentence of the server's (no answer, or a gateway's HTML page): the user reads what happened in plain words,
      // not axios's 'Network Error' or 'Request failed with status code 502'; the log keeps those.
      const plain = transportFailure(error.response ? status : null);
      console.warn(`API ${error.config?.method?.toUpperCase() ?? ''} ${error.config?.url ?? ''} failed: ${error.message}`);
      return Promise.reject(new ApiError(plain, status, { message: plain, detail: plain }, error.message));
    }
    const message = said;
    // Never show the validator's text ('body/remark must NOT have more than 2000 characters'): say it plainly.
    const plain = status === 400 ? plainValidationText(message) : null;
    if (plain === null) return Promise.reject(new ApiError(message, status, body));
    console.warn(`API ${error.config?.method?.toUpperCase() ?? ''} ${error.config?.url ?? ''} refused: ${message}`);
    const shown = body && typeof body === 'object' ? { ...body, message: plain, detail: plain } : { message: plain, detail: plain };
    return Promise.reject(new ApiError(plain, status, shown, message));
  });
  return http;
}

/** Arrays go out as `key[]=a&key[]=b`, the spec's shape for list filters. */
export function listParams(params: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, String(item));
    else search.append(key, String(value));
  }
  return search;
}
