import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  testId?: string;
}

/** The search box of the list pages; debouncing belongs to the caller's query, not to the input. */
export function SearchField({ value, onChange, label, placeholder, testId }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder ?? label}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { 'aria-label': label, 'data-testid': testId, maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
