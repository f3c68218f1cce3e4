import { Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryProblem, MAX_ADDRESSES, type AddressKind } from './addressEntry';

interface AddressTagsInputProps {
  kind: AddressKind;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/**
 * A list of e-mails or phones as tags: type one and press Enter (or a comma, or leave the field); it is
 * checked as it is entered and refused with the contract's message when it does not fit.
 */
export function AddressTagsInput({ kind, value = [], onChange, disabled }: AddressTagsInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = (text: string = draft) => {
    const entry = text.trim();
    setDraft(entry);
    if (!entry) return;
    const found = entryProblem(kind, entry, value);
    if (found) {
      setProblem(t(`pushes.contacts.problems.${found}`, { max: MAX_ADDRESSES }));
      return;
    }
    onChange?.([...value, entry]);
    setDraft('');
    setProblem(null);
  };

  return (
    <div data-testid={`address-tags-${kind}`}>
      <Flex wrap gap={6} style={{ marginBottom: value.length ? 8 : 0 }}>
        {value.map((item) => (
          <Tag key={item} closable={!disabled} onClose={() => onChange?.(value.filter((other) => other !== item))} data-testid={`address-tag-${item}`}>
            {item}
          </Tag>
        ))}
      </Flex>
      <Input
        value={draft}
        disabled={disabled || value.length >= MAX_ADDRESSES}
        status={problem ? 'error' : undefined}
        placeholder={t(value.length >= MAX_ADDRESSES ? 'pushes.contacts.full' : `pushes.contacts.add.${kind}`, { max: MAX_ADDRESSES })}
        onChange={(event) => {
          const text = event.target.value;
          // A comma ends an entry, as Enter does (also the full-width one an IME types).
          if (text.endsWith(',') || text.endsWith('，')) add(text.slice(0, -1));
          else {
            setDraft(text);
            setProblem(null);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        onBlur={() => add()}
        inputMode={kind === 'phone' ? 'tel' : 'email'}
        data-testid={`address-input-${kind}`}
      />
      {problem && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`address-problem-${kind}`}>
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
