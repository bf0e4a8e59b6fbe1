/**
 * A list row's 'Assign to me' (spec 000 §4, 001 §2 and §4: the car, bike and refurbishment lists). The row itself opens
 * on a click, so the button's click stops there: it assigns without also opening the row.
 */
export function RowAssignButton({ disabled = false, onAssign }: { disabled?: boolean; onAssign: () => void }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onAssign();
      }}
    >
      Assign to me
    </button>
  );
}
