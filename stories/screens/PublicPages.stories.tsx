import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { CustomerAudit, SellOnlineRecord } from '../../src/api/public.ts';
import {
  APPROVE_TEXT,
  CustomerAuditScreen,
  EXPIRED,
  SELECT_FEEDBACK,
  THANK_YOU,
} from '../../src/screens/public/CustomerAuditScreen.tsx';
import { HealthScreen } from '../../src/screens/public/HealthScreen.tsx';
import { INVALID_LINK } from '../../src/screens/public/link.tsx';
import {
  APPROVED_THANKS,
  FINAL_PRICE_SHORTLY,
  NO_APPOINTMENT,
  REJECT_LABEL,
  REJECTED_THANKS,
  SellOnlineScreen,
} from '../../src/screens/public/SellOnlineScreen.tsx';
import { PENDING, fail, type Route } from '../support/api.ts';
import { RoutedScreen } from '../support/screen.tsx';

/**
 * The public seller pages of spec 002 §2 (no sign-in): the customer audit and the sell-online offer, reached by a
 * signed link (`exp`, `token`). Their calls are answered from fixtures; a refused link answers 403 as the server does.
 */
const meta = {
  title: 'Screens/Public seller pages',
  component: RoutedScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoutedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const AUDIT: CustomerAudit = {
  appointmentId: '1092384756',
  carDetails: { customerName: 'Priya Nair', make: 'Hyundai', model: 'i20', year: 2019 },
  customerInput: [
    { title: 'Odometer Reading', value: '42,000 km' },
    { title: 'Number of Owners', value: '1' },
    { title: 'Accidental', value: 'No' },
  ],
  cjInput: [
    { title: 'Odometer Reading', value: '48,350 km' },
    { title: 'Number of Owners', value: '2' },
    { title: 'Accidental', value: 'No' },
  ],
  inspectionBy: 'Rahul Sharma',
  status: null,
};

/** A link that expires in an hour (`past`: expired an hour ago), computed when the story renders. */
const expiry = (past = false) => Math.floor(Date.now() / 1000) + (past ? -3600 : 3600);

const audit = (get: Route, post: Route = { detail: 'Feedback recorded' }, past = false): Story => ({
  args: {
    path: '/customer-audit/:appointmentId/:expiryTime',
    url: `/customer-audit/${AUDIT.appointmentId}/${expiry(past)}?token=story-token`,
    screen: <CustomerAuditScreen />,
    session: null,
    api: { 'GET v2/customer-audit-data': get, 'POST v2/customer-audit-data': post },
  },
});

/** The link's expiry time has passed: the page says so without asking the server. */
export const CustomerAuditLinkExpired: Story = {
  ...audit({ detail: AUDIT }, undefined, true),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: EXPIRED })).toBeInTheDocument();
  },
};

/** The seller's values beside the evaluator's, and the two feedback options. */
export const CustomerAuditForm: Story = {
  ...audit({ detail: AUDIT }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Inspection Completed' })).toBeInTheDocument();
    await expect(canvas.getByRole('cell', { name: '48,350 km' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: APPROVE_TEXT })).not.toBeChecked();
  },
};

/** SUBMIT with no option chosen: 'Please select feedback option', nothing sent. */
export const CustomerAuditSelectFeedback: Story = {
  ...audit({ detail: AUDIT }, fail(500, 'must not be called')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'SUBMIT' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(SELECT_FEEDBACK);
  },
};

/** An option chosen and sent: the confirmation. */
export const CustomerAuditConfirmation: Story = {
  ...audit({ detail: AUDIT }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: APPROVE_TEXT }));
    await userEvent.click(canvas.getByRole('button', { name: 'SUBMIT' }));
    await expect(await canvas.findByRole('heading', { name: THANK_YOU })).toBeInTheDocument();
  },
};

/** The answer fails on the server: 'Error::' and its detail; the form and the choice stay. */
export const CustomerAuditServerError: Story = {
  ...audit({ detail: AUDIT }, fail(500, 'Feedback could not be saved')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: APPROVE_TEXT }));
    await userEvent.click(canvas.getByRole('button', { name: 'SUBMIT' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error::Feedback could not be saved');
    await expect(canvas.getByRole('radio', { name: APPROVE_TEXT })).toBeChecked();
  },
};

/** The link expires while the page is open: SUBMIT is refused (403) and the page says the link has expired. */
export const CustomerAuditExpiresWhileOpen: Story = {
  ...audit({ detail: AUDIT }, fail(403, 'This link has expired')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: APPROVE_TEXT }));
    // Two hours on: past the link's expiry (an hour after the page opened).
    const now = Date.now;
    Date.now = () => now() + 2 * 3600_000;
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'SUBMIT' }));
      await expect(await canvas.findByRole('heading', { name: EXPIRED })).toBeInTheDocument();
    } finally {
      Date.now = now;
    }
  },
};

/** Feedback already given on this link: the confirmation at once. */
export const CustomerAuditAlreadyAnswered: Story = audit({ detail: { ...AUDIT, status: 'approved' } });

/** A tampered token: the server refuses (403) and the page shows no data. */
export const CustomerAuditInvalidLink: Story = {
  ...audit(fail(403, 'Forbidden')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(INVALID_LINK);
  },
};

export const CustomerAuditLoading: Story = audit(PENDING);

const OFFER: SellOnlineRecord = {
  appointmentId: '1092384756',
  customerName: 'Priya Nair',
  offeredPrice: 512000,
  onlinePrice: 545000,
  additionalComments: ['The odometer reading differs from the one you entered.', 'One more owner than declared.'],
  make: 'Hyundai',
  model: 'i20',
  variant: 'Asta 1.2',
  year: 2019,
  gsNoGo: 1,
  conditionFlag: 0,
  inspectionType: 'C2B',
  status: 'OPEN',
  reviewData: [
    {
      title: 'Changes found',
      isCollapsable: false,
      detail: [
        { title: 'Odometer Reading', sellerInput: '42,000 km', CjInput: '48,350 km' },
        { title: 'Number of Owners', sellerInput: '1', CjInput: '2' },
      ],
    },
    { title: 'Everything else', isCollapsable: true, detail: [{ title: 'Accidental', sellerInput: 'No', CjInput: 'No' }] },
  ],
};

const sellOnline = (get: Route, put: Route = { detail: 'Status updated' }, query = `appointmentId=${OFFER.appointmentId}&exp=${expiry()}&token=story-token`): Story => ({
  args: {
    path: '/sell-online',
    url: `/sell-online?${query}`,
    screen: <SellOnlineScreen />,
    session: null,
    api: { 'GET v2/sell-online': get, 'POST v2/sell-online': { detail: 'Status updated' }, 'PUT v2/sell-online/*': put },
  },
});

/** The changed details, the previous and the updated price, and 'YES, I APPROVE THE CHANGES'. */
export const SellOnlineOffer: Story = {
  ...sellOnline({ detail: OFFER }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Hi Priya Nair,' })).toBeInTheDocument();
    await expect(canvas.getByText('₹5,12,000')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'YES, I APPROVE THE CHANGES' })).toBeEnabled();
  },
};

/** gsNoGo 0 (no instant online offer): the approve button reads PROCEED; pressing it thanks the seller. */
export const SellOnlineProceed: Story = {
  ...sellOnline({ detail: { ...OFFER, gsNoGo: 0 } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'PROCEED' }));
    await expect(await canvas.findByRole('heading', { name: APPROVED_THANKS })).toBeInTheDocument();
  },
};

/** 'NO, SEND FOR CORRECTION': the rejection thank-you. */
export const SellOnlineRejected: Story = {
  ...sellOnline({ detail: OFFER }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: REJECT_LABEL }));
    await expect(await canvas.findByRole('heading', { name: REJECTED_THANKS })).toBeInTheDocument();
  },
};

/** A car changed to Beta (conditionFlag 4): no updated price, the final price comes later. */
export const SellOnlineFinalPriceShortly: Story = {
  ...sellOnline({ detail: { ...OFFER, conditionFlag: 4 } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(FINAL_PRICE_SHORTLY)).toBeInTheDocument();
    await expect(canvas.queryByText(/Updated price/)).not.toBeInTheDocument();
  },
};

/** An offer answered before: its thank-you, not the offer again. */
export const SellOnlineAlreadyApproved: Story = sellOnline({ detail: { ...OFFER, status: 'APPROVED' } });

/** The server knows no such appointment. */
export const SellOnlineAppointmentNotFound: Story = {
  ...sellOnline(fail(404, NO_APPOINTMENT)),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: NO_APPOINTMENT })).toBeInTheDocument();
  },
};

/** An expired or tampered link: refused (403), no data shown. */
export const SellOnlineInvalidLink: Story = {
  ...sellOnline(fail(403, 'Forbidden'), undefined, `appointmentId=${OFFER.appointmentId}&exp=${expiry(true)}&token=stale`),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(INVALID_LINK);
  },
};

/** The answer fails on the server: 'Error::' and its detail. */
export const SellOnlineServerError: Story = {
  ...sellOnline({ detail: OFFER }, fail(500, 'The offer could not be updated')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'YES, I APPROVE THE CHANGES' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error::The offer could not be updated');
  },
};

export const SellOnlineLoading: Story = sellOnline(PENDING);

const health = (get: Route): Story => ({
  args: { path: '/public/health', url: '/public/health', screen: <HealthScreen />, session: null, api: { 'GET public/health': get } },
});

/** /public/health: the server and its database answer. */
export const Health: Story = {
  ...health({ detail: { status: 'ok', database: 'ok', time: '2026-11-23T18:00:00Z' } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Server: ok, database: ok');
  },
};

export const HealthUnreachable: Story = {
  ...health(fail(503)),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Server: not reachable');
  },
};
