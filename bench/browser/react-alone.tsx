/**
 * Load anchor (bench/load.bench.ts): React and react-dom alone, rendering ten controlled text fields in the rows'
 * markup (`[data-row] input`, what the load probe waits for), no router, data, engine or state machine. Opened like
 * /review in a fresh context, it is the load's framework floor: what any React screen of this app pays before its
 * own code runs.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Field({ n }: { n: number }) {
  const [value, setValue] = useState(`Value ${n}`);
  return (
    <div data-row>
      <label>
        Field {n} <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <main>
    {Array.from({ length: 10 }, (_, n) => (
      <Field key={n} n={n + 1} />
    ))}
  </main>,
);
