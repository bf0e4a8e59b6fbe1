// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU_MAX_HEIGHT, NO_OPTIONS, SelectField } from '../../src/components/SelectField.tsx';
import { ErrorPanel } from '../../src/components/ErrorPanel.tsx';
import { fakeLayout } from '../support/layout.ts';

const options = [
  { id: 1, label: 'Delhi NCR' },
  { id: 2, label: 'Mumbai' },
];

let undo: () => void;
beforeEach(() => {
  undo = fakeLayout();
});
afterEach(() => {
  cleanup();
  undo();
});

describe('SelectField', () => {
  it('single choice: shows the placeholder, offers the options in a menu capped at 150 px (spec 000 §9) and reports the key', async () => {
    const onChange = vi.fn();
    render(<SelectField label="Category" options={options} value={null} onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Select Category' });
    await userEvent.click(button);
    const listbox = screen.getByRole('listbox');
    expect(listbox.style.maxHeight).toBe(`${MENU_MAX_HEIGHT}px`);
    await userEvent.click(screen.getByRole('option', { name: 'Mumbai' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('multiple choice reports every chosen key', async () => {
    const onChange = vi.fn();
    render(<SelectField label="City" selectionMode="multiple" options={options} value={[1]} onChange={onChange} />);
    expect(screen.getByRole('button', { name: /Delhi NCR/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /City$/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Mumbai' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
  });

  it("with no options yet it is disabled and says 'No options'; it opens once the options arrive", async () => {
    const { rerender } = render(<SelectField label="City" selectionMode="multiple" options={[]} value={[]} onChange={() => undefined} />);
    const button = screen.getByRole('button', { name: /City$/ });
    expect(button.textContent).toContain(NO_OPTIONS);
    expect(button.hasAttribute('disabled')).toBe(true);
    rerender(<SelectField label="City" selectionMode="multiple" options={options} value={[]} onChange={() => undefined} />);
    expect(button.hasAttribute('disabled')).toBe(false);
    await userEvent.click(button);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Delhi NCR', 'Mumbai']);
  });

  it('Tab from an open multi-select closes its list, keeps the choices and goes on to the next field (Shift+Tab: the one before); it was trapped in the list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <form>
        <input aria-label="Reason" />
        <SelectField label="City" selectionMode="multiple" options={options} value={[]} onChange={onChange} />
        <button type="submit">Submit</button>
      </form>,
    );
    const select = screen.getByRole('button', { name: /City$/ });
    select.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit' }));
    expect(onChange).toHaveBeenCalledTimes(1);

    select.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.tab({ shift: true });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
  });

  it('a disabled select does not open', async () => {
    render(<SelectField label="Center" options={options} value={null} onChange={() => undefined} isDisabled />);
    await userEvent.click(screen.getByRole('button', { name: /Center$/ }));
    expect(screen.queryByRole('listbox')).toBeNull();
    cleanup();
    render(<SelectField label="Center" options={[]} value={null} onChange={() => undefined} isDisabled />);
    expect(screen.getByRole('button', { name: /Center$/ }).textContent).toContain('Select');
  });
});

describe('ErrorPanel (spec 000 §8 shared texts)', () => {
  it("says 'Oops!' and 'Something went wrong, please try again', with the detail when given", () => {
    render(<ErrorPanel detail="timeout" />);
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toBe('Oops!Something went wrong, please try againtimeout');
  });
});
