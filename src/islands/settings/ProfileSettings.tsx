import { useState, type FormEvent } from 'react';
import { Field, FieldErrorList } from '../account/Field';
import { call, type Answer } from '../lib/api';
import { wallet } from '../lib/client';
import type { FieldErrors } from '../lib/field-errors';
import { useSubmit } from '../lib/use-submit';
import { SubmitButton, UntilReady } from '../lib/UntilReady';
import type { NameOrder } from '../../i18n/languages';
import { bytesToBase64 } from '../../lib/base64';
import { byNameOrder } from '../../lib/names';
import { ThaiText } from '../lib/ThaiText';

/** The profile as Setting/Profile/Get answers it. */
export type ProfileValues = Answer<typeof profile.Get>;

const profile = wallet.Setting.Profile;

export interface ProfileLabels {
  firstName: string;
  lastName: string;
  firstNameEn: string;
  lastNameEn: string;
  englishHint: string;
  bio: string;
  /** Contains {{count}} and {{max}}. */
  bioCount: string;
  picture: string;
  pictureHint: string;
  upload: string;
  removePicture: string;
  save: string;
  /** "Loading…": the save button's label until the island is ready. */
  loading: string;
  saved: string;
  required: string;
  tooLong: string;
  latinOnly: string;
  wrongType: string;
  tooBig: string;
  wrongSize: string;
  fallback: string;
}

export interface ProfileLimits {
  nameMax: number;
  englishMax: number;
  bioMax: number;
  pictureMaxBytes: number;
  minPx: number;
  maxPx: number;
}

/** The picture's own size, read by the browser before anything is sent (the server checks again). */
async function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** Profile settings (spec §2 /setting?menu=4): names, English names for PDFs, message and picture. */
export default function ProfileSettings({
  labels,
  limits,
  initial,
  nameOrder,
}: {
  labels: ProfileLabels;
  limits: ProfileLimits;
  initial: ProfileValues;
  /** Which name the page's language asks for first (issue 35), for both pairs of name fields. */
  nameOrder: NameOrder;
}) {
  const [form, setForm] = useState({
    first_name: initial.first_name,
    last_name: initial.last_name,
    first_name_en: initial.first_name_en ?? '',
    last_name_en: initial.last_name_en ?? '',
    bio: initial.bio ?? '',
  });
  const [image, setImage] = useState(initial.profile_image);
  const { busy, errors, notice, setErrors, setNotice, check, submit } = useSubmit(labels.fallback);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const findings = (): FieldErrors => {
    const name = (v: string) =>
      !v.trim() ? [labels.required] : v.trim().length > limits.nameMax ? [labels.tooLong] : [];
    const english = (v: string) =>
      v.trim().length > limits.englishMax ? [labels.tooLong] : /^[\x20-\x7e]*$/.test(v) ? [] : [labels.latinOnly];
    return {
      first_name: name(form.first_name),
      last_name: name(form.last_name),
      first_name_en: english(form.first_name_en),
      last_name_en: english(form.last_name_en),
      bio: form.bio.length > limits.bioMax ? [labels.tooLong] : [],
    };
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (check(findings())) await submit(() => call(profile.Set, form), { done: labels.saved });
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    const fail = (m: string) => setErrors({ picture: [m] });
    if (!/\.(png|jpe?g)$/i.test(file.name)) return fail(labels.wrongType);
    if (file.size > limits.pictureMaxBytes) return fail(labels.tooBig);
    const size = await pixelSize(file);
    if (!size) return fail(labels.wrongType);
    const inRange = (n: number) => n >= limits.minPx && n <= limits.maxPx;
    if (!inRange(size.width) || !inRange(size.height)) return fail(labels.wrongSize);
    const encoded = async () => bytesToBase64(new Uint8Array(await file.arrayBuffer()));
    const done = await submit(async () => call(profile.Image, { image: await encoded(), file_name: file.name }), {
      done: labels.saved,
      scope: 'picture',
    });
    if (done) setImage(done.profile_image);
  };

  const remove = async () => {
    if (await submit(() => call(profile.Image.Delete, {}), { done: labels.saved })) setImage(null);
  };

  return (
    <UntilReady>
      <div className="stack">
        {notice && (
          <p className="form-success" role="status">
            <ThaiText text={notice} />
          </p>
        )}
        <section className="stack" aria-labelledby="picture-heading">
          <h2 id="picture-heading">
            <ThaiText text={labels.picture} />
          </h2>
          {image && <img className="wallet-avatar" src={image} alt="" width={96} height={96} />}
          <div className="field">
            <label htmlFor="profile-picture">
              <ThaiText text={labels.upload} />
            </label>
            <input
              id="profile-picture"
              type="file"
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              aria-describedby="profile-picture-hint"
              disabled={busy}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <small id="profile-picture-hint" className="field-hint">
              <ThaiText text={labels.pictureHint} />
            </small>
            <FieldErrorList messages={errors['picture']} />
          </div>
          {image && (
            <div className="actions">
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void remove()}>
                <ThaiText text={labels.removePicture} />
              </button>
            </div>
          )}
        </section>
        <form className="stack settings-form" onSubmit={(e) => void save(e)} noValidate>
          {byNameOrder(
            nameOrder,
            <Field
              key="first_name"
              label={labels.firstName}
              value={form.first_name}
              maxLength={limits.nameMax}
              errors={errors['first_name']}
              onValue={set('first_name')}
            />,
            <Field
              key="last_name"
              label={labels.lastName}
              value={form.last_name}
              maxLength={limits.nameMax}
              errors={errors['last_name']}
              onValue={set('last_name')}
            />,
          )}
          {/* The English pair in the same order as the pair above, so each lines up with its own; the hint under the first. */}
          {byNameOrder(nameOrder, 'first_name_en' as const, 'last_name_en' as const).map((k, i) => (
            <Field
              key={k}
              label={k === 'first_name_en' ? labels.firstNameEn : labels.lastNameEn}
              hint={i === 0 ? labels.englishHint : undefined}
              value={form[k]}
              maxLength={limits.englishMax}
              errors={errors[k]}
              onValue={set(k)}
            />
          ))}
          <div className="field">
            <label htmlFor="profile-bio">
              <ThaiText text={labels.bio} />
            </label>
            <textarea
              id="profile-bio"
              rows={4}
              value={form.bio}
              aria-describedby="profile-bio-count"
              onChange={(e) => set('bio')(e.target.value)}
            />
            <small id="profile-bio-count" className="field-hint">
              {labels.bioCount.replace('{{count}}', String(form.bio.length)).replace('{{max}}', String(limits.bioMax))}
            </small>
            <FieldErrorList messages={errors['bio']} />
          </div>
          <div className="actions">
            <SubmitButton label={labels.save} loading={labels.loading} busy={busy} />
          </div>
        </form>
      </div>
    </UntilReady>
  );
}
