import { createTheme } from '@mui/material/styles';

/** Pactum's look: the brand pink on a calm, light background. */
export const theme = createTheme({
  palette: {
    primary: { main: '#e31c81' },
    background: { default: '#f6f7f9' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
