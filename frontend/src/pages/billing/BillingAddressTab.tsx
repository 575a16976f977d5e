import { Box, Button, Skeleton } from '@mui/material';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AddressFields } from './AddressFields';
import { addressBodyOf, addressErrors, emptyAddress, type AddressValues, type FieldErrors } from './billing-forms';
import { useBillingAddress, usePaymentActions, type BillingAddress } from './useBilling';

const valuesOf = (address: BillingAddress | null | undefined): AddressValues =>
  address
    ? { name: address.name, line1: address.line1, line2: address.line2 ?? '', city: address.city, state: address.state, postal_code: address.postal_code, country: address.country || 'US', phone: address.phone ?? '' }
    : emptyAddress();

const LABELS = { name: 'Name', line1: 'Address line 1', line2: 'Address line 2 (optional)' };

/** Billing Address (spec 03 §2, §5; contract §20.15-§20.16): stored on the organization's Stripe customer. */
export function BillingAddressTab({ selfHosted, notify }: { selfHosted: boolean; notify: (message: string) => void }) {
  const address = useBillingAddress();
  const actions = usePaymentActions();
  const [values, setValues] = useState<AddressValues>(emptyAddress);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const loaded = address.data?.data;

  // The form starts from the stored address once it arrives (and again after a save reloads it).
  useEffect(() => {
    if (loaded !== undefined) setValues(valuesOf(loaded));
  }, [loaded]);

  async function save() {
    const found = addressErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await actions.saveAddress(addressBodyOf(values));
      notify('Billing address updated successfully!');
    } catch (error) {
      setErrors(fieldErrors(error) as FieldErrors);
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  if (address.isLoading) return <Skeleton height={240} />;
  return (
    <Box component="form" noValidate onSubmit={(event) => (event.preventDefault(), void save())} sx={{ maxWidth: 640 }} data-testid="billing-address-form">
      {address.error && <ErrorAlert title="Failed to load billing address" error={address.error} sx={{ mb: 2 }} />}
      {failure !== undefined && <ErrorAlert title="Failed to update billing address" error={failure} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
      <AddressFields values={values} errors={errors} disabled={busy || selfHosted} onChange={setValues} labels={LABELS} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy || selfHosted}>
          Save Address
        </Button>
      </Box>
    </Box>
  );
}
