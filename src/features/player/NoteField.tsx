/** A note's text box and, under it, why the text was refused: the new note's and an edited note's alike. */
export function NoteField({
  id,
  value,
  onChange,
  problem,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  problem: string | undefined;
  placeholder?: string;
}) {
  return (
    <>
      <textarea
        id={id}
        className="player-notes__field"
        rows={3}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem ? (
        <p id={`${id}-problem`} className="player-notes__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
