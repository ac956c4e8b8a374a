/**
 * 'Select from library' and 'Upload' on every image and video field of the editor (SPEC §2 Page
 * Configurations, General Settings), plugged in through the editor's MediaFieldActionsContext.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { MediaFieldActionsContext, type MediaFieldActionArgs, type MediaFieldActions } from '../editor/media-field';
import { MediaPicker } from './media-picker';
import { UploadButton } from './upload-button';
import { useUploader } from './use-uploader';

export function MediaFieldActionsProvider({ children }: { children: ReactNode }) {
  const actions = useMemo<MediaFieldActions>(() => ({ render: (args) => <MediaFieldButtons {...args} /> }), []);
  return <MediaFieldActionsContext.Provider value={actions}>{children}</MediaFieldActionsContext.Provider>;
}

function MediaFieldButtons({ kind, label, select, disabled }: MediaFieldActionArgs) {
  const [picking, setPicking] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const uploader = useUploader();
  const name = label.toLowerCase();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    const [result] = await uploader.upload([file]);
    if (result.ok) select(result.value.url);
    else if (result.existing) {
      // The same bytes are already in the library: use that file rather than a second copy (issue 12 point 6).
      select(result.existing.url);
      setMessage({ tone: 'info', text: `${result.error} Using that file.` });
    } else setMessage({ tone: 'error', text: result.error });
  };

  return (
    <>
      <button type="button" className="kit-button kit-button--small" onClick={() => setPicking(true)} disabled={disabled || uploader.uploading}>
        Select from library<span className="visually-hidden"> for {name}</span>
      </button>
      <UploadButton uploader={uploader} kind={kind} disabled={disabled} tone="small" srSuffix={name} onFiles={(files) => void onFile(files[0])}>
        Upload
      </UploadButton>
      {message ? (
        <span className={message.tone === 'error' ? 'md-field-error' : 'md-field-note'} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </span>
      ) : null}
      <MediaPicker
        open={picking}
        kind={kind}
        fieldLabel={label}
        onClose={() => setPicking(false)}
        onSelect={(url) => {
          setPicking(false);
          setMessage(null);
          select(url);
        }}
      />
    </>
  );
}
