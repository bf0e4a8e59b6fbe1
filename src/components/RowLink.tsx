import { Link, type LinkProps } from 'react-router-dom';

/**
 * A list row's open action (the GS, bike and refurbishment lists): a real link in the row's identifying cell, so Tab
 * reaches it, Enter follows it, a screen reader says where it goes, and Ctrl+click opens a new tab. The row's own
 * click stays for the mouse; the link's click stops there, so the row does not navigate a second time.
 */
export function RowLink({ onClick, ...props }: LinkProps) {
  return (
    <Link
      {...props}
      onClick={(event) => {
        event.stopPropagation();
        onClick?.(event);
      }}
    />
  );
}
