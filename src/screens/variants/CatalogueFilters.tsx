import { Label } from 'react-aria-components/Label';
import { Radio, RadioGroup } from 'react-aria-components/RadioGroup';
import { SelectField, type Option } from '../../components/SelectField.tsx';
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

/**
 * The choices with the chosen ones among them: a selection shown before its lists load (one handed back from the add
 * screen, or a restored draft) reads as chosen, not 'No options'.
 */
function withChosen<T extends string | number>(options: readonly T[], chosen: readonly T[], label: (id: T) => string = String): Option[] {
  return [...options, ...chosen.filter((c) => !options.includes(c))].map((id) => ({ id, label: label(id) }));
}

/** Make, model, manufacturing years (multi) and fuel type; a change clears the fields that depend on it. */
export function CatalogueFilters({ selection, onChange, makes, models, years, fuelTypes, errors, fuelAs, isDisabled }: Props) {
  const makeOptions = withChosen(makes.map((m) => m.make_id), selection.make ? [selection.make.make_id] : [], (id) => makes.find((m) => m.make_id === id)?.make_name ?? selection.make!.make_name);
  const modelOptions = withChosen(models.map((m) => m.model_id), selection.model ? [selection.model.model_id] : [], (id) => models.find((m) => m.model_id === id)?.model_name ?? selection.model!.model_name);
  const fuelOptions = withChosen(fuelTypes, selection.fuelType ? [selection.fuelType] : []);
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
        />
        <FieldError text={errors.make} />
      </div>
      <div>
        <SelectField
          label="Model"
          placeholder="Select Model"
          isDisabled={isDisabled || !selection.make}
          options={modelOptions}
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
          options={withChosen(years, selection.years)}
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
            options={fuelOptions}
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
            {fuelOptions.map((f) => (
              <Radio key={f.id} value={f.label}>
                {f.label}
              </Radio>
            ))}
          </RadioGroup>
        )}
        <FieldError text={errors.fuelType} />
      </div>
    </div>
  );
}
