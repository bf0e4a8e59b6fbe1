/** The design system's --accent (src/components/theme.css, #2b5fd9) as getComputedStyle reports a background colour. */
export const ACCENT_BACKGROUND = 'rgb(43, 95, 217)';
