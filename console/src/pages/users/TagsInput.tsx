import { Flex, Input, Tag } from 'antd';
import { useState } from 'react';

interface TagsInputProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Form.Item's trigger: the field's rules run when the typing leaves the field (spec §5). */
  onBlur?: () => void;
  /** Entries the field's rule refuses are drawn red so the one to remove is plain. */
  isValid: (entry: string) => boolean;
  placeholder?: string;
  'data-testid'?: string;
}

/**
 * A list of push addresses as tags: Enter, a comma or leaving the field adds what was typed. Entries are
 * taken as typed; the Form.Item's rule names a bad one, shown in red until it is removed.
 */
export function TagsInput({ value = [], onChange, onBlur, isValid, placeholder, 'data-testid': testId }: TagsInputProps) {
  const [draft, setDraft] = useState('');

  const add = (text: string) => {
    const entry = text.trim();
    setDraft('');
    if (entry && !value.includes(entry)) onChange?.([...value, entry]);
  };

  return (
    <div>
      {value.length > 0 && (
        <Flex wrap gap={6} style={{ marginBottom: 8 }}>
          {value.map((entry) => (
            <Tag key={entry} closable color={isValid(entry) ? undefined : 'error'} onClose={() => onChange?.(value.filter((other) => other !== entry))}>
              {entry}
            </Tag>
          ))}
        </Flex>
      )}
      <Input
        value={draft}
        placeholder={placeholder}
        data-testid={testId}
        onChange={(event) => {
          const text = event.target.value;
          // A comma ends an entry as Enter does (the full-width one too, typed by a Chinese IME).
          if (/[,，]$/.test(text)) add(text.slice(0, -1));
          else setDraft(text);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          add(draft);
        }}
        onBlur={() => {
          add(draft);
          onBlur?.();
        }}
      />
    </div>
  );
}
