// @vitest-environment jsdom
// Issue 16 'Look and feel': statuses show as chips with readable labels, never raw codes.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StatusChip } from '../../src/components/StatusChip.tsx';

afterEach(cleanup);

describe('StatusChip', () => {
  it.each([
    ['smReviewRejected', 'Rejected by QC', 'status-rejected'],
    ['smReview', 'In QC review', 'status-review'],
    ['SM_REVIEW', 'In QC review', 'status-review'],
    ['done', 'Doc Upload Verification', 'status-done'],
    ['new', 'New', 'status-pending'],
  ])('%s reads "%s" in its tone', (status, label, tone) => {
    render(<StatusChip status={status} />);
    const chip = screen.getByText(label);
    expect(chip.className).toContain(tone);
    expect(document.body.textContent).not.toContain(status === 'new' ? 'new' : status);
  });

  it('an unknown code shows as it is, in the neutral tone; no status shows a dash', () => {
    render(<StatusChip status="onHold" />);
    expect(screen.getByText('onHold').className).toContain('status-other');
    cleanup();
    render(<StatusChip status={null} />);
    expect(screen.getByText('-')).toBeTruthy();
  });

  it("another flow's status passes its own label and tone", () => {
    render(<StatusChip label="Ready for review" tone="pending" />);
    expect(screen.getByText('Ready for review').className).toContain('status-pending');
  });
});
