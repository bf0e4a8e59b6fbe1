import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { LoginScreen } from '../src/screens/login/LoginScreen.tsx';

/** /login in dev sign-in mode (demo users) and in Google mode, and with a key error text (spec 000 §2). */
const meta = {
  title: 'Screens/Login',
  component: LoginScreen,
  args: { devMode: true, googleClientId: '' },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DevSignIn: Story = {
  decorators: [(Story) => <MemoryRouter initialEntries={['/login']}><Story /></MemoryRouter>],
};

export const GoogleOnly: Story = {
  args: { devMode: false },
  decorators: [(Story) => <MemoryRouter initialEntries={['/login']}><Story /></MemoryRouter>],
};

export const WithKeyMessage: Story = {
  decorators: [(Story) => <MemoryRouter initialEntries={['/login?key=Not%20a%20Valid%20user']}><Story /></MemoryRouter>],
};
