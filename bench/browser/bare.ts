/**
 * Bench page, the browser's floor for a keystroke: one plain text field, no framework, the probe only. Its "commit"
 * is the field's input event, when the browser has inserted the text, which every form (this app's rows and
 * react-jsonschema-form alike) waits for before any of its own code sees the keystroke.
 */
import { installProbe } from './probe.ts';

const probe = installProbe();
document.getElementById('bare')!.addEventListener('input', () => probe.markCommit());
requestAnimationFrame(() => setTimeout(() => (probe.ready = true)));
