import { Label } from 'react-aria-components/Label';
import { Radio, RadioGroup } from 'react-aria-components/RadioGroup';
import { SelectField } from '../../components/SelectField.tsx';
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

function FieldError({ text }: { text?: string }) {
  return text ? <span className="error field-error">{text}</span> : null;
}

/** Make, model, manufacturing years (multi) and fuel type; a change clears the fields that depend on it. */
export function CatalogueFilters({ selection, onChange, makes, models, years, fuelTypes, errors, fuelAs, isDisabled }: Props) {
  return (
    <div className="filters variant-filters">
      <div>
        <SelectField
          label="Make"
          placeholder="Select Make"
          isDisabled={isDisabled}
          options={makes.map((m) => ({ id: m.make_id, label: m.make_name }))}
          value={selection.make?.make_id ?? null}
          onChange={(id) => onChange({ make: makes.find((m) => m.make_id === id) ?? null, model: null, years: [], fuelType: null })}
        />
        <FieldError text={errors.make} />
      </div>
      <div>
        <SelectField
          label="Model"
          placeholder="Select Model"
          isDisabled={isDisabled || !selection.make}
          options={models.map((m) => ({ id: m.model_id, label: m.model_name }))}
          value={selection.model?.model_id ?? null}
          onChange={(id) => onChange({ ...selection, model: models.find((m) => m.model_id === id) ?? null, years: [], fuelType: null })}
        />
        <FieldError text={errors.model} />
      </div>
      <div>
        <SelectField
          label="Manufacturing Years"
          placeholder="Select Years"
          selectionMode="multiple"
          isDisabled={isDisabled || !selection.model}
          options={years.map((y) => ({ id: y, label: String(y) }))}
          value={selection.years}
          onChange={(keys) => onChange({ ...selection, years: keys.map(Number).sort((a, b) => a - b) })}
        />
        <FieldError text={errors.years} />
      </div>
      <div>
        {fuelAs === 'select' ? (
          <SelectField
            label="Fuel Type"
            placeholder="Select fuel Type"
            isDisabled={isDisabled || !selection.model}
            options={fuelTypes.map((f) => ({ id: f, label: f }))}
            value={selection.fuelType}
            onChange={(f) => onChange({ ...selection, fuelType: f === null ? null : String(f) })}
          />
        ) : (
          <RadioGroup
            className="fuel-radios"
            orientation="horizontal"
            isDisabled={isDisabled || !selection.model}
            value={selection.fuelType}
            onChange={(f) => onChange({ ...selection, fuelType: f })}
          >
            <Label>Fuel Type</Label>
            {fuelTypes.map((f) => (
              <Radio key={f} value={f}>
                {f}
              </Radio>
            ))}
          </RadioGroup>
        )}
        <FieldError text={errors.fuelType} />
      </div>
    </div>
  );
}
