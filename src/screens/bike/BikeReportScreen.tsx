/**
 * /bike-report/{appointmentId}?version= (spec 001 §2 'Bike report'): a printable report. Header with logo,
 * 'INSPECTION REPORT', appointment ID and end date; CJ Remarks one per line; the report's sections (keyed by question
 * label); the image sections (front … duplicate key, the odometer as 'Reading Panel', defect images). The uiVersion 2
 * layout puts the images after the details in a denser grid; print CSS fits it on A4.
 */
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import bikeScreens from '../../config/bike-list.json';
import { fetchBikeMediaConfig, fetchBikeReport, mediaUrl, type BikeMediaConfig, type BikeReport, type BikeReportHeading } from '../../api/bike.ts';
import { errorDetail } from '../../machines/error-detail.ts';
import { bikeDate } from './BikeListScreen.tsx';
import { Loading } from '../../components/Loading.tsx';
import { displayText } from '../../components/display-text.ts';
import './bike.css';

/** Section headings of the report, in order (001 §2). */
const SECTIONS: readonly BikeReportHeading[] = ['Bike Details', 'Exterior', 'Electricals', 'Engine and transmission', 'Wheels/brakes/suspension', 'Other Features'];

export default function BikeReportScreen() {
  const { appointmentId = '' } = useParams();
  const [search] = useSearchParams();
  const versionParam = search.get('version');
  const version = versionParam !== null && /^\d+$/.test(versionParam) ? Number(versionParam) : undefined;
  const [report, setReport] = useState<BikeReport | null>(null);
  const [media, setMedia] = useState<BikeMediaConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    Promise.all([fetchBikeReport(appointmentId, version), fetchBikeMediaConfig()]).then(
      ([r, m]) => {
        if (cancelled) return;
        setReport(r);
        setMedia(m);
      },
      (e: unknown) => !cancelled && setError(errorDetail(e, 'The report could not be loaded')),
    );
    return () => {
      cancelled = true;
    };
  }, [appointmentId, version]);
  if (error) return <main className="bike-report"><p role="alert" className="error">{error}</p></main>;
  if (!report || !media) return <main className="bike-report"><Loading className="muted" /></main>;
  const data = report.inspectionData;
  const { documentImageTypes, defectImageType } = bikeScreens.report;
  const printed = report.images.filter((i) => !documentImageTypes.includes(i.type ?? ''));
  const views = printed.filter((i) => i.type !== defectImageType);
  const defects = printed.filter((i) => i.type === defectImageType);
  const layout = data.uiVersion === 2 ? 'v2' : 'v1';
  // The financier of a hypothecated bike outside uiVersion 2 (001 §2), unless its details already list it (a backend
  // that labels the hypothecation's sub-parts, as this one does, names it there).
  const financier = layout === 'v1' && data.financerName && !Object.values(data['Bike Details'] ?? {}).includes(data.financerName) ? data.financerName : null;
  return (
    <main className={`bike-report report-${layout}`}>
      <header className="report-header">
        <svg className="report-logo" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="QC logo">
          <circle cx="24" cy="24" r="22" fill="#2f6f8f" />
          <text x="24" y="30" textAnchor="middle" fontSize="16" fill="#fff" fontFamily="sans-serif">QC</text>
        </svg>
        <h1>{bikeScreens.texts.reportTitle}</h1>
        <dl>
          <dt>Appointment ID</dt>
          <dd>{report.appointmentId}</dd>
          <dt>End Date</dt>
          <dd>{bikeDate(report.inspectionEndTime)}</dd>
          <dt>Vehicle</dt>
          <dd>
            {report.make} {report.model} {report.variant} · {report.regNo}
          </dd>
        </dl>
      </header>
      <section className="report-remarks" aria-label="CJ Remarks">
        <h2>CJ Remarks</h2>
        {displayText(data.cjRemark)
          .split('\n')
          .filter((line) => line.trim())
          .map((line, i) => (
            <p key={i}>{line}</p>
          ))}
      </section>
      <div className="report-sections">
        {SECTIONS.map((heading) => (
          <section key={heading} className="report-section" aria-label={heading}>
            <h2>{heading}</h2>
            <table>
              <tbody>
                {Object.entries(data[heading] ?? {}).map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{displayText(value)}</td>
                  </tr>
                ))}
                {heading === 'Bike Details' && financier && (
                  <tr>
                    <th scope="row">Financer</th>
                    <td>{financier}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      <section className="report-images" aria-label="Images">
        <h2>Images</h2>
        <div className="report-grid">
          {views.map((image) => (
            <figure key={image.hashKey}>
              <img src={mediaUrl(media, { uri: image.uri, mediaType: 'image' })} alt={image.title} />
              <figcaption>{image.title}</figcaption>
            </figure>
          ))}
        </div>
        {defects.length > 0 && (
          <>
            <h3>Defect Images</h3>
            <div className="report-grid">
              {defects.map((image) => (
                <figure key={image.hashKey}>
                  <img src={mediaUrl(media, { uri: image.uri, mediaType: 'image' })} alt={image.title} />
                  <figcaption>{image.title}</figcaption>
                </figure>
              ))}
            </div>
          </>
        )}
      </section>
      <p className="no-print">
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </p>
    </main>
  );
}
