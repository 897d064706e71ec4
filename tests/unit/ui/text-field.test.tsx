import { render, screen } from '@testing-library/react';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormErrors } from '@/components/ui/form-errors';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/ui/TextField';

it('labels the input and says nothing while there is no error', () => {
  render(<TextField name="name" label="Szpot neve" defaultValue="" />);
  const input = screen.getByRole('textbox', { name: 'Szpot neve' });
  expect(input).toHaveAttribute('name', 'name');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(input).not.toHaveAttribute('aria-describedby');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('shows the first message of its field from the surrounding form, wired by aria-describedby', () => {
  render(
    <FormErrors value={{ name: ['A név megadása kötelező.', 'Második'], file: ['Rossz fájl.'] }}>
      <TextField id="spot-name" name="name" label="Szpot neve" />
    </FormErrors>,
  );
  const input = screen.getByLabelText('Szpot neve');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAttribute('aria-describedby', 'spot-name-error');
  expect(input).toHaveAccessibleDescription('A név megadása kötelező.');
  expect(screen.getByRole('alert')).toHaveAttribute('id', 'spot-name-error');
  expect(screen.queryByText('Második')).not.toBeInTheDocument();
  expect(screen.queryByText('Rossz fájl.')).not.toBeInTheDocument();
});

it('an explicit error wins over the form, and an empty one shows none', () => {
  const { rerender } = render(
    <FormErrors value={{ email: ['Szerver hiba.'] }}>
      <TextField name="email" label="E-mail cím" error="Saját hiba." />
    </FormErrors>,
  );
  expect(screen.getByLabelText('E-mail cím')).toHaveAccessibleDescription('Saját hiba.');
  rerender(
    <FormErrors value={{ email: ['Szerver hiba.'] }}>
      <TextField name="email" label="E-mail cím" error="" />
    </FormErrors>,
  );
  expect(screen.getByLabelText('E-mail cím')).not.toHaveAttribute('aria-invalid');
});

it('describes the control by its hint and its error together', () => {
  render(
    <FormErrors value={{ description: ['Legfeljebb 1000 karakter.'] }}>
      <TextAreaField id="req" name="description" label="Milyen hangot szeretne?" hint="Írja le röviden." />
    </FormErrors>,
  );
  const area = screen.getByRole('textbox', { name: 'Milyen hangot szeretne?' });
  expect(area.tagName).toBe('TEXTAREA');
  expect(area).toHaveAttribute('aria-describedby', 'req-hint req-error');
  expect(area).toHaveAccessibleDescription('Írja le röviden. Legfeljebb 1000 karakter.');
});

it('wires a select and a checkbox the same way', () => {
  render(
    <FormErrors value={{ slideshow_id: ['Ismeretlen slideshow.'], remember: ['Érvénytelen érték.'] }}>
      <SelectField name="slideshow_id" label="Alapértelmezett slideshow" defaultValue="">
        <option value="">Nincs</option>
      </SelectField>
      <CheckboxField name="remember" label="Emlékezzen rám" />
    </FormErrors>,
  );
  expect(screen.getByRole('combobox', { name: 'Alapértelmezett slideshow' })).toHaveAccessibleDescription(
    'Ismeretlen slideshow.',
  );
  expect(screen.getByRole('checkbox', { name: 'Emlékezzen rám' })).toHaveAccessibleDescription('Érvénytelen érték.');
});

it('reads the first of several error names (errors.slideshow_id ?? errors.slideshow)', () => {
  const { rerender } = render(
    <FormErrors value={{ slideshow: ['Válasszon slideshow-t.'] }}>
      <SelectField name="slideshow_id" errorKeys={['slideshow_id', 'slideshow']} label="Slideshow" defaultValue="">
        <option value="">Nincs</option>
      </SelectField>
    </FormErrors>,
  );
  expect(screen.getByRole('combobox', { name: 'Slideshow' })).toHaveAccessibleDescription('Válasszon slideshow-t.');
  rerender(
    <FormErrors value={{ slideshow: ['Válasszon slideshow-t.'], slideshow_id: ['Ismeretlen slideshow.'] }}>
      <SelectField name="slideshow_id" errorKeys={['slideshow_id', 'slideshow']} label="Slideshow" defaultValue="">
        <option value="">Nincs</option>
      </SelectField>
    </FormErrors>,
  );
  expect(screen.getByRole('combobox', { name: 'Slideshow' })).toHaveAccessibleDescription('Ismeretlen slideshow.');
});

it('FormAlert announces a message and renders nothing without one', () => {
  const { container, rerender } = render(<FormAlert>{undefined}</FormAlert>);
  expect(container).toBeEmptyDOMElement();
  rerender(<FormAlert>Hibás kitöltés, kérjük javítsa.</FormAlert>);
  expect(screen.getByRole('alert')).toHaveTextContent('Hibás kitöltés, kérjük javítsa.');
});
