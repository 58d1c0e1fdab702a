// The address book: saved withdrawal addresses (label, network, address), newest first. Tapping one
// fills the withdraw form with its address and network; an address can be saved with a label (the one
// typed in the form comes prefilled) or removed.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { saveAddressBody, type ChainNetwork, type SaveAddressBody, type SavedAddress } from '@tradeflip/api';
import { EmptyState } from '@/components/empty-state';
import { Form, SubmitButton } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { BookIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { Sheet } from '@/components/sheet';
import { SkeletonRows } from '@/components/skeleton';
import { shortenMiddle } from '@/lib/shorten';
import { showToast } from '@/lib/toast';
import { useAddressBook, useDeleteAddress, useSaveAddress } from '../api/address-book';

interface AddressBookSheetProps {
  visible: boolean;
  network: ChainNetwork;
  /** The address typed in the form, offered when saving a new one. */
  typedAddress: string;
  onPick: (entry: SavedAddress) => void;
  onClose: () => void;
}

export function AddressBookSheet({ visible, onClose, ...rest }: AddressBookSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet visible={visible} onClose={onClose} label={t('withdraw.addressBook')}>
      <AddressBook {...rest} onClose={onClose} />
    </Sheet>
  );
}

function AddressBook({ network, typedAddress, onPick, onClose }: Omit<AddressBookSheetProps, 'visible'>) {
  const { t } = useTranslation();
  const book = useAddressBook();
  const remove = useDeleteAddress();
  const [adding, setAdding] = useState(false);

  if (adding) {
    return (
      <SaveAddressForm
        network={network}
        address={typedAddress}
        onSaved={(entry) => {
          showToast(t('withdraw.addressSaved'));
          setAdding(false);
          onPick(entry);
          onClose();
        }}
        onBack={() => setAdding(false)}
      />
    );
  }

  const entries = book.data ?? [];
  return (
    <div data-testid="address-book">
      <h2 className="sheet__title">{t('withdraw.addressBook')}</h2>
      {book.isError && !book.data ? (
        <LoadError error={book.error} onRetry={() => void book.refetch()} />
      ) : !book.data ? (
        <SkeletonRows count={3} />
      ) : entries.length === 0 ? (
        <EmptyState
          testId="address-book-empty"
          icon={<BookIcon size={32} />}
          title={t('withdraw.addressBookEmpty')}
          description={t('withdraw.addressBookEmptyHint')}
        />
      ) : (
        <ul className="record-list address-book__list" data-testid="address-book-list">
          {entries.map((entry) => (
            <li key={entry.id} className="address-book__row">
              <button
                type="button"
                className="record-item address-book__pick"
                data-testid="address-book-entry"
                data-address={entry.address}
                onClick={() => {
                  onPick(entry);
                  onClose();
                }}
              >
                <span className="address-book__main">
                  <span className="address-book__label">
                    {entry.label}
                    <span className="address-book__network">{entry.network}</span>
                  </span>
                  <span className="address-book__address">{shortenMiddle(entry.address, 10, 8)}</span>
                </span>
              </button>
              <button
                type="button"
                className="address-book__delete"
                aria-label={t('withdraw.addressDelete', { label: entry.label })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(entry.id)}
              >
                <TrashIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn--ghost btn--block address-book__add"
        data-testid="address-book-add"
        onClick={() => setAdding(true)}
      >
        <PlusIcon size={18} />
        {t('withdraw.addressAdd')}
      </button>
    </div>
  );
}

interface SaveFormValues {
  label: string;
  network: string;
  address: string;
}

function SaveAddressForm({
  network,
  address,
  onSaved,
  onBack,
}: {
  network: ChainNetwork;
  address: string;
  onSaved: (entry: SavedAddress) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const form = useZodForm<SaveFormValues, SaveAddressBody>({
    defaultValues: { label: '', network, address: address.trim() },
    resolver: useMemo(() => zodResolver(saveAddressBody), []),
  });
  const submit = form.submitCall(async (values) => onSaved(await save.mutateAsync(values)));
  return (
    <div data-testid="address-book-save">
      <h2 className="sheet__title">{t('withdraw.addressAdd')}</h2>
      <p className="sheet__text withdraw-sheet__text">{t('withdraw.addressAddHint', { network })}</p>
      <Form className="sheet__form" onSubmit={submit}>
        <TextField
          {...form.field('label')}
          label={t('withdraw.addressLabel')}
          placeholder={t('withdraw.addressLabelPlaceholder')}
          maxLength={20}
          autoComplete="off"
          data-testid="address-book-label"
        />
        <TextField
          {...form.field('address')}
          label={t('withdraw.address')}
          placeholder={t('withdraw.addressPlaceholder', { network })}
          autoComplete="off"
          data-testid="address-book-address"
        />
        <div className="sheet-actions">
          <button type="button" className="btn btn--ghost" onClick={onBack}>
            {t('common.cancel')}
          </button>
          <SubmitButton loading={save.isPending} testId="address-book-submit">
            {t('withdraw.addressSave')}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
