/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_BIKE_API_BASE?: string;
  readonly VITE_DOCS_API_BASE?: string;
  /** 'google' hides the demo users on /login; anything else is dev sign-in. */
  readonly VITE_AUTH_MODE?: string;
  /** OAuth client id for the Google sign-in button (Google Identity Services). */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  /** Target of the header's 'Inspection Report PDF' link. */
  readonly VITE_INSPECTION_REPORT_PDF_URL?: string;
}
