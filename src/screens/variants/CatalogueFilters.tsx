import { Label } from 'react-aria-components/Label';
import { FieldError } from 'react-aria-components/FieldError';
import { Radio, RadioGroup } from 'react-aria-components/RadioGroup';
import { SelectField, withChosen, type Option } from '../../components/SelectField.tsx';
import type { Make, Model } from '../../api/variants.ts';
import type { Selection, selectionErrors } from './catalogue.ts';

interface Props {
  selection: Selection;
  onChange: (next: Selection) => void;
  makes: Make[];
  models: Model[];
  years: number[];
  fuelTypes: string[];
  errors: ReturnType<typeof selectionErrors>;
  /** The add screen picks the fuel type with radio buttons, the list with a select (spec 002 §2). */
  fuelAs: 'select' | 'radio';
  isDisabled?: boolean;
}

/** Make, model, manufacturing years (multi) and fuel type; a change clears the fields that depend on it. */
export function CatalogueFilters({ selection, onChange, makes, models, years, fuelTypes, errors, fuelAs, isDisabled }: Props) {
  const makeOf = (m: Make): Option => ({ id: m.make_id, label: m.make_name });
  const modelOf = (m: Model): Option => ({ id: m.model_id, label: m.model_name });
  const plain = (v: string | number): Option => ({ id: v, label: String(v) });
  const makeOptions = withChosen(makes.map(makeOf), selection.make ? [makeOf(selection.make)] : []);
  const modelOptions = withChosen(models.map(modelOf), selection.model ? [modelOf(selection.model)] : []);
  const fuelOptions = withChosen(fuelTypes.map(plain), selection.fuelType ? [plain(selection.fuelType)] : []);
  return (
    <div className="filters variant-filters">
      <div>
        <SelectField
          label="Make"
          placeholder="Select Make"
          isDisabled={isDisabled}
          options={makeOptions}
          value={selection.make?.make_id ?? null}
          onChange={(id) => onChange({ make: makes.find((m) => m.make_id === id) ?? null, model: null, years: [], fuelType: null })}
          error={errors.make}
        />
      </div>
      <div>
        <SelectField
          label="Model"
          placeholder="Select Model"
          isDisabled={isDisabled || !selection.make}
          options={modelOptions}
          value={selection.model?.model_id ?? null}
          onChange={(id) => onChange({ ...selection, model: models.find((m) => m.model_id === id) ?? null, years: [], fuelType: null })}
          error={errors.model}
        />
      </div>
      <div>
        <SelectField
          label="Manufacturing Years"
          placeholder="Select Years"
          selectionMode="multiple"
          isDisabled={isDisabled || !selection.model}
          options={withChosen(years.map(plain), selection.years.map(plain))}
          value={selection.years}
          onChange={(keys) => onChange({ ...selection, years: keys.map(Number).sort((a, b) => a - b) })}
          error={errors.years}
        />
      </div>
      <div>
        {fuelAs === 'select' ? (
          <SelectField
            label="Fuel Type"
            placeholder="Select fuel Type"
            isDisabled={isDisabled || !selection.model}
            options={fuelOptions}
            value={selection.fuelType}
            onChange={(f) => onChange({ ...selection, fuelType: f === null ? null : String(f) })}
            error={errors.fuelType}
          />
        ) : (
          <RadioGroup
            className="fuel-radios"
            orientation="horizontal"
            isDisabled={isDisabled || !selection.model}
            value={selection.fuelType}
            onChange={(f) => onChange({ ...selection, fuelType: f })}
            isInvalid={!!errors.fuelType}
          >
            <Label>Fuel Type</Label>
            {fuelOptions.map((f) => (
              <Radio key={f.id} value={f.label}>
                {f.label}
              </Radio>
            ))}
            {errors.fuelType && <FieldError className="error field-error">{errors.fuelType}</FieldError>}
          </RadioGroup>
        )}
      </div>
    </div>
  );
}
