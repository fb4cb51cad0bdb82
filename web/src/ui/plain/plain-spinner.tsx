type SpinnerProps = {
  /** The progress bar's name for screen readers; none for a spinner inside a named button. */
  label?: string;
  size?: 'small' | 'medium';
  /** Appears only after 300 ms, so a quick load does not flash it. */
  isDelayed?: boolean;
};

/** A turning ring in the brand colour (`.pl-spinner`), MUI's circular progress drawn in CSS. */
export function Spinner({ label, size = 'medium', isDelayed = false }: SpinnerProps) {
  const classes = ['pl-spinner'];
  if (size === 'small') classes.push('pl-spinner-small');
  if (isDelayed) classes.push('pl-spinner-delayed');
  return label ? (
    <span className={classes.join(' ')} role="progressbar" aria-label={label} />
  ) : (
    <span className={classes.join(' ')} aria-hidden="true" />
  );
}
