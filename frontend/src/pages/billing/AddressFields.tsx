import { Box, MenuItem, TextField } from '@mui/material';
import { COUNTRIES, COUNTRY_NAMES, type AddressValues, type FieldErrors } from './billing-forms';

type Field = keyof AddressValues;

const LABELS: Record<Field, string> = {
  name: 'Cardholder name',
  line1: 'Street address',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State / Province',
  postal_code: 'Postal code',
  country: 'Country',
  phone: 'Phone (optional)',
};

interface AddressFieldsProps<T extends Partial<AddressValues>> {
  values: T;
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (values: T) => void;
  /** The billing address form says 'Name' and 'Address line 1'; the card form speaks of the cardholder. */
  labels?: Partial<Record<Field, string>>;
}

/** Name and postal address (and phone when the values hold one): the card form, the card edit dialog and the billing address share them. */
export function AddressFields<T extends Partial<AddressValues>>({ values, errors, disabled, onChange, labels = {} }: AddressFieldsProps<T>) {
  const field = (name: Field, required: boolean) => (
    <TextField
      key={name}
      label={labels[name] ?? LABELS[name]}
      value={values[name] ?? ''}
      required={required}
      disabled={disabled}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      onChange={(event) => onChange({ ...values, [name]: event.target.value })}
      fullWidth
      size="small"
      slotProps={{ htmlInput: { 'data-testid': `field-${name}` } }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: '1 / -1' }}>{field('name', true)}</Box>
      <Box sx={{ gridColumn: '1 / -1' }}>{field('line1', true)}</Box>
      <Box sx={{ gridColumn: '1 / -1' }}>{field('line2', false)}</Box>
      {field('city', true)}
      {field('state', true)}
      {field('postal_code', true)}
      <TextField
        select
        label={labels.country ?? LABELS.country}
        value={values.country ?? 'US'}
        required
        disabled={disabled}
        error={Boolean(errors.country)}
        helperText={errors.country}
        onChange={(event) => onChange({ ...values, country: event.target.value })}
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'field-country' } }}
      >
        {COUNTRIES.map((code) => (
          <MenuItem key={code} value={code}>
            {COUNTRY_NAMES[code]}
          </MenuItem>
        ))}
      </TextField>
      {'phone' in values && <Box sx={{ gridColumn: '1 / -1' }}>{field('phone', false)}</Box>}
    </Box>
  );
}
