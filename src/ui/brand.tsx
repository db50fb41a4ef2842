import './brand.css';
/** The Timekeep mark and name. */
export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className={`brand brand--${size}`}>
      <svg className="brand__mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9.25" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 6.5V12l3.5 2.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="brand__name">Timekeep</span>
    </span>
  );
}
