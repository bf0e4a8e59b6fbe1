/**
 * After a submit its checks refused: the focus goes to the first field marked invalid in `root` (a select, a text
 * field or an input), on the next frame so the messages are rendered, and a screen reader reads the field with its
 * message (its description). Nothing moves when no field is invalid.
 */
export function focusFirstInvalid(root: () => ParentNode | null | undefined): void {
  requestAnimationFrame(() => root()?.querySelector<HTMLElement>('[data-invalid] .select-button, [data-invalid] input, [data-invalid] textarea, [aria-invalid="true"]')?.focus());
}
