// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageUpload } from '../../src/components/ImageUpload.tsx';

afterEach(cleanup);

function picker(onFile: (file: File) => Promise<unknown>, disabled = false) {
  render(<ImageUpload className="row-upload" label="Upload image" name="Upload RTO NOC Available image" disabled={disabled} onFile={onFile} />);
  return screen.getByLabelText('Upload RTO NOC Available image') as HTMLInputElement;
}

const jpg = () => new File(['jpg'], 'noc.jpg', { type: 'image/jpeg' });

describe('ImageUpload: one row image picker (car row upload, bike picture replacement)', () => {
  it('takes images only, sends the chosen file, and is disabled until that send settles', async () => {
    let settle!: () => void;
    const onFile = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const input = picker(onFile);
    expect(input.accept).toBe('image/*');
    expect(screen.getByText('Upload image')).toBeTruthy();
    const file = jpg();
    await userEvent.upload(input, file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(input.disabled).toBe(true);
    settle();
    await waitFor(() => expect(input.disabled).toBe(false));
  });

  it('empties the input once a file is taken, so the same file chosen again (a retry) is sent again', async () => {
    const onFile = vi.fn().mockResolvedValue(undefined);
    const input = picker(onFile);
    const file = jpg();
    await userEvent.upload(input, file);
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(input.value).toBe('');
    await userEvent.upload(input, file);
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(2));
  });

  it('stays disabled when the reviewer may not edit', () => {
    expect(picker(vi.fn(), true).disabled).toBe(true);
  });
});
