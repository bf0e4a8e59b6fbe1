/** The parts of Google Identity Services (accounts.google.com/gsi/client) the panel uses. */
interface GoogleCredentialResponse {
  credential: string;
}

interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void; auto_select?: boolean }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
  disableAutoSelect(): void;
}

interface Window {
  google?: { accounts?: { id?: GoogleAccountsId } };
}
