import { Component, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/**
 * SPEC §8: a render failure shows 'Boot failed.' with what went wrong and a way out, never a blank
 * page. Kept free of admin wording: the visitor bundle carries this file.
 */

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  return { message: String(error), stack: null };
}

// Inline styles: the public stylesheet may be the thing that failed to load, and the admin area has its own.
const wrapStyle = {
  minHeight: '100vh',
  boxSizing: 'border-box',
  padding: '2rem 1rem',
  background: '#14161b',
  color: '#e9ebf0',
  fontFamily: 'system-ui, sans-serif',
  fontSize: '1rem',
  lineHeight: 1.5,
} as const;
const panelStyle = { maxWidth: '40rem', margin: '0 auto' } as const;
// Long messages and stack lines wrap instead of pushing the page sideways on a phone.
const wrapText = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;
const stackStyle = { ...wrapText, whiteSpace: 'pre-wrap', fontSize: '0.8125rem', background: '#0b0c10', padding: '0.75rem', borderRadius: 4, margin: '0.5rem 0 0' } as const;
const buttonStyle = {
  marginTop: '1rem',
  minHeight: 44,
  padding: '0.5rem 1.25rem',
  font: 'inherit',
  fontWeight: 600,
  color: '#14161b',
  background: '#e9ebf0',
  border: 0,
  borderRadius: 4,
  cursor: 'pointer',
} as const;

export function BootFailed({ error }: { error: unknown }) {
  const { message, stack } = describe(error);
  return (
    <div role="alert" style={wrapStyle} data-boot-failed="">
      <div style={panelStyle}>
        <h1 style={{ fontSize: '1.5rem', margin: '0 0 0.5rem' }}>Boot failed.</h1>
        <p style={{ ...wrapText, margin: 0 }}>{message}</p>
        {stack && (
          <details style={{ marginTop: '1rem' }}>
            <summary style={{ cursor: 'pointer' }}>Details</summary>
            <pre style={stackStyle}>{stack}</pre>
          </details>
        )}
        <button type="button" style={buttonStyle} onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

export class BootFailedBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The page shows the message; the console keeps which component threw, for whoever reports it.
    console.error('Boot failed:', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <BootFailed error={this.state.error} /> : this.props.children;
  }
}

/** sessionStorage key of lazyWithReload's attempt: one reload per failure, not a loop. */
export const CHUNK_RELOAD_KEY = 'punchline.chunk-reload';

/**
 * React.lazy for a hashed chunk a new deploy may have removed: the first failed import reloads the
 * page once (fresh index.html, fresh hashes); a second one throws to the nearest BootFailedBoundary.
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, key = CHUNK_RELOAD_KEY) {
  return lazy(() =>
    load().then(
      (module) => {
        forget(key);
        return module;
      },
      (error: unknown) => {
        if (!remembered(key) && remember(key)) {
          window.location.reload();
          // Keeps the Suspense fallback on screen until the reload replaces the page.
          return new Promise<never>(() => undefined);
        }
        // Forgotten again so a later stale chunk in this tab gets its own reload; 'Reload' starts afresh.
        forget(key);
        throw error;
      },
    ),
  );
}

// sessionStorage can be unavailable (privacy modes, sandboxed frames): then no reload, straight to the message.
function remembered(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return true;
  }
}

/** false when the attempt could not be stored: reloading then could loop forever. */
function remember(key: string): boolean {
  try {
    window.sessionStorage.setItem(key, '1');
    return true;
  } catch {
    return false;
  }
}

function forget(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // see remembered()
  }
}
