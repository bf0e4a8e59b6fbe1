/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_BIKE_API_BASE?: string;
  readonly VITE_DOCS_API_BASE?: string;
  /** 'google' hides the demo users on /login; anything else is dev sign-in. */
  readonly VITE_AUTH_MODE?: string;
}
