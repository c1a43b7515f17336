import type { ReactNode } from 'react';
import { useContactEmail, useLegalNotice, useSupportHours } from '#web/lib/site-settings.js';
import { setConsent } from '#web/lib/consent.js';
import { useHydrated } from '#web/lib/hydrated.js';
import { Button } from '#web/ui/button.js';

function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_li]:mt-1 [&_p]:mt-3 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="text-sm text-ink-muted">Dernière mise à jour : {updated}</p>
      {children}
    </article>
  );
}

/** Forgets the cookie choice: the banner (web/app/global-ui.tsx) asks again. */
function ManageCookies() {
  const hydrated = useHydrated();
  return (
    <div className="mt-4">
      <Button variant="secondary" disabled={!hydrated} onClick={() => setConsent(null)}>
        Gérer les cookies
      </Button>
    </div>
  );
}

export function PrivacyPage() {
  const contact = useContactEmail();
  return (
    <LegalPage title="Politique de confidentialité" updated="24/11/2026">
      <p>
        Relais traite vos données personnelles pour vous mettre en relation, chauffeurs poids lourds et
        transporteurs, autour de missions de transport. Cette page explique quelles données nous gardons,
        pourquoi, combien de temps, et comment exercer vos droits (Règlement général sur la protection des
        données, RGPD).
      </p>
      <h2>Responsable du traitement</h2>
      <p>
        Relais, joignable à l'adresse{' '}
        <a className="text-accent underline" href={`mailto:${contact}`}>
          {contact}
        </a>
        .
      </p>
      <h2>Données traitées</h2>
      <ul>
        <li>
          Compte : nom, email, téléphone, mot de passe (conservé sous forme chiffrée irréversible), type de
          compte.
        </li>
        <li>
          Chauffeurs : numéro et type de permis, expérience, qualifications, documents professionnels et leurs
          dates d'expiration.
        </li>
        <li>Transporteurs : raison sociale, numéro SIRET, nom du contact.</li>
        <li>Activité : missions, candidatures, messages, alertes et préférences de notification.</li>
        <li>Technique : adresse IP et navigateur des sessions de connexion, journaux de sécurité.</li>
        <li>
          Mesure d’audience : sans votre accord, seulement le nombre de pages vues par jour, par page et par
          type d’appareil (téléphone, tablette, ordinateur), sans aucun identifiant ; avec votre accord, en
          plus, les identifiants aléatoires de votre navigateur et de votre visite, votre adresse IP tronquée,
          le site d’où vous venez, les pages vues et la durée de la visite (détail ci-dessous, « Cookies »).
        </li>
      </ul>
      <h2>Finalités et bases légales</h2>
      <ul>
        <li>Fournir le service (exécution du contrat) : comptes, missions, messagerie, suivi, avis.</li>
        <li>
          Sécuriser la plateforme (intérêt légitime) : limitation des tentatives de connexion, journaux
          d'administration.
        </li>
        <li>
          Mesure d’audience anonyme (intérêt légitime, exemptée de consentement selon les règles de la CNIL) :
          des totaux de pages vues par jour, par page et par type d’appareil, qui ne permettent de reconnaître
          personne.
        </li>
        <li>
          Mesure d’audience détaillée (consentement) : uniquement si vous acceptez les cookies non essentiels,
          pour comprendre les parcours (d’où viennent les visiteurs, quelles pages mènent à une inscription)
          et améliorer le service.
        </li>
      </ul>
      <h2>Durées de conservation</h2>
      <ul>
        <li>
          Compte et profil : tant que le compte existe. Vous pouvez le supprimer à tout moment depuis{' '}
          <strong>Paramètres → Supprimer mon compte</strong> : vos informations personnelles sont alors
          effacées aussitôt.
        </li>
        <li>
          Missions, candidatures, messages et alertes : tant que votre compte existe ; après sa suppression,
          voir ci-dessous.
        </li>
        <li>
          Sessions de connexion (adresse IP et navigateur compris) : 30 jours au plus ; toutes fermées dès la
          suppression du compte.
        </li>
        <li>
          Liens envoyés par e-mail : valables 1 heure pour un nouveau mot de passe, 24 heures pour une
          adresse, effacés un jour après avoir servi ou expiré.
        </li>
        <li>
          Inscription pas encore confirmée (ce que vous avez saisi dans le formulaire, mot de passe
          chiffré)&nbsp;: 24 heures au plus&nbsp;; le compte n’est créé que lorsque vous suivez le lien reçu
          par e-mail.
        </li>
        <li>Compteurs contre les tentatives répétées de connexion : 1 jour.</li>
        <li>
          Mesure d’audience avec votre accord (visites, sessions, événements) : 13 mois, puis effacée ; les
          totaux anonymes par jour sont gardés.
        </li>
        <li>
          Journaux techniques du serveur : ils ne contiennent ni mot de passe, ni lien de connexion, ni
          adresse e-mail complète.
        </li>
      </ul>
      <h2>Après la suppression d'un compte</h2>
      <p>
        Ce que d'autres personnes ou la loi ont besoin de garder l'est, sans ce qui n'est pas nécessaire :
      </p>
      <ul>
        <li>
          Les messages échangés restent dans l'historique de vos correspondants, signés « Utilisateur supprimé
          ».
        </li>
        <li>
          Les missions terminées et les avis restent dans l'historique des autres parties, sans votre nom ;
          vos missions encore ouvertes sont annulées et vos candidatures en attente retirées.
        </li>
        <li>
          Les pièces que la loi impose de garder (factures et pièces comptables : 10 ans, article L123-22 du
          Code de commerce ; bulletins de paie : 5 ans, article L3243-4 du Code du travail) sont conservées
          pour cette durée.
        </li>
        <li>
          Les journaux d'administration gardent l'action et sa date, sans les détails qui vous désignaient.
        </li>
      </ul>
      <h2 id="geolocalisation">Géolocalisation pendant les missions</h2>
      <p>
        Pendant une mission, le chauffeur peut partager la position de son téléphone avec le transporteur,
        pour que celui-ci suive la livraison et connaisse l’heure d’arrivée estimée (exécution du contrat de
        mission ; recommandations de la CNIL sur la géolocalisation des salariés et des prestataires).
      </p>
      <ul>
        <li>
          Quand : seulement pendant la mission, de « Démarrer la mission » à la livraison, et seulement si le
          chauffeur l’accepte après une explication ; jamais avant, jamais après. Il voit en permanence que le
          partage est actif et peut le mettre en pause à tout moment (le transporteur voit alors « suivi en
          pause »).
        </li>
        <li>
          Quoi : la position (6 décimales), la vitesse, le cap et la précision, un point toutes les 30
          secondes ou tous les 200 mètres. Sans réseau, les points restent sur le téléphone et partent au
          retour du réseau.
        </li>
        <li>
          Qui les voit : le transporteur de la mission, le chauffeur lui-même et les administrateurs de
          Relais, personne d’autre. Chaque consultation des positions par quelqu’un d’autre que le chauffeur
          est enregistrée (qui, quand, combien de fois) et montrée au chauffeur sur la page de la mission.
        </li>
        <li>
          Combien de temps : 30 jours après la fin de la mission, les positions sont effacées ; il n’en reste
          qu’un résumé du trajet (distance, durée, vitesse moyenne, nombre de points, heures de début et de
          fin).
        </li>
        <li>
          Vos droits : accès (les positions figurent dans « Télécharger mes données » tant qu’elles existent),
          opposition (refuser ou mettre en pause le partage, sans autre conséquence que l’absence de suivi en
          direct), effacement et réclamation comme indiqué ci-dessous.
        </li>
      </ul>
      <h2 id="livraison">Livraison, incidents et temps d’attente</h2>
      <ul>
        <li>
          Preuve de livraison : le nom et la signature de la personne qui réceptionne, les photos du bon de
          livraison ou de la lettre de voiture (CMR), l’heure et, si le téléphone la donne, la position au
          moment de la signature. Relais en fait un document PDF de la mission, visible du chauffeur, du
          transporteur et des administrateurs, conservé avec la mission comme pièce de transport.
        </li>
        <li>
          Incidents (retard, panne, accident, marchandise endommagée, attente au quai) et temps d’attente au
          chargement ou à la livraison : heure, position si donnée, note et photos, déclarés par le chauffeur
          et montrés au transporteur de la mission, qui est prévenu aussitôt d’un incident.
        </li>
      </ul>
      <h2 id="avis-badges">Avis, réputation et badges</h2>
      <ul>
        <li>
          Après une mission terminée, chauffeur et transporteur se notent une fois, dans les 14 jours. Un avis
          reste invisible, même pour la personne notée, jusqu’à ce que les deux aient écrit le leur ou que les
          14 jours soient passés ; il est alors publié sur le profil de la personne notée. La personne notée
          peut le signaler ; l’équipe Relais le garde ou le retire.
        </li>
        <li>
          La réputation est calculée à partir des notes publiées (une moyenne qui ne laisse pas un seul avis
          l’emporter sur cinquante). Les badges des chauffeurs sont calculés automatiquement à partir des
          missions (heures de démarrage prévues et réelles), des avis publiés, des incidents déclarés et du
          délai de réponse aux messages des transporteurs ; le badge Éco-conduite est attribué par l’équipe
          Relais, avec un motif. Ils ne décident de rien à votre place : le transporteur choisit. Vous voyez
          sur votre profil où vous en êtes pour chacun, et pouvez demander un réexamen par une personne au
          support.
        </li>
      </ul>
      <h2>Destinataires</h2>
      <p>
        Vos données ne sont ni vendues ni louées. Le profil public d'un chauffeur (nom, permis, expérience,
        avis publiés, réputation, badges) est visible des transporteurs, celui d’un transporteur (avis
        publiés, réputation) des chauffeurs ; les coordonnées ne sont partagées qu'entre parties d'une même
        mission. Nos hébergeurs et notre prestataire d'envoi d'emails traitent les données pour notre compte,
        dans l'Union européenne.
      </p>
      <h2>Relais et les paiements</h2>
      <p>
        Par défaut, le paiement des missions se règle directement entre le chauffeur et le transporteur, par
        virement : Relais enregistre ce qui est dû, déclaré payé, confirmé ou contesté, et conserve les
        factures et relevés émis pour la mission (10 ans, obligation légale). Vos coordonnées de facturation
        (adresse, SIRET, TVA, IBAN, numéro d'inscription au registre des transporteurs) ne servent qu'à ces
        documents. Lorsque le paiement en ligne est activé, il passe par notre prestataire Stripe : les
        données de carte sont saisies chez Stripe et ne transitent jamais par Relais.
      </p>
      <h2>Vos droits</h2>
      <p>
        Vous disposez des droits d'accès, de rectification, d'effacement, de limitation, d'opposition et de
        portabilité. Une fois connecté, depuis <strong>Paramètres</strong>, « Télécharger mes données » vous
        remet tout ce que Relais conserve sur vous (fichier JSON) et « Supprimer mon compte » efface votre
        compte. Pour le reste, écrivez-nous à{' '}
        <a className="text-accent underline" href={`mailto:${contact}`}>
          {contact}
        </a>{' '}
        ; nous répondons sous un mois. Vous pouvez aussi saisir la CNIL (www.cnil.fr).
      </p>
      <h2 id="cookies">Cookies</h2>
      <p>
        Un cookie de session, indispensable, vous garde connecté. Le thème et vos choix d'affichage sont
        gardés dans votre navigateur.
      </p>
      <p>
        Relais mesure lui-même sa fréquentation, sans aucun service tiers : rien n’est envoyé à une régie, à
        un réseau social ni à un outil d’analyse extérieur.
      </p>
      <ul>
        <li>
          Sans votre accord (bandeau refusé ou ignoré) : chaque page vue ajoute un au total du jour pour cette
          page et ce type d’appareil. Aucun cookie, aucun identifiant, ni adresse IP, ni compte, ni site
          d’origine n’est enregistré.
        </li>
        <li>
          Avec votre accord : un identifiant aléatoire de navigateur (gardé dans votre navigateur jusqu’à ce
          que vous refusiez) et un identifiant de visite (effacé à la fermeture de l’onglet, renouvelé après
          30 minutes d’inactivité). Nous enregistrons alors votre adresse IP tronquée (le dernier nombre mis à
          zéro, ou seulement le début d’une adresse IPv6), le site d’où vous venez (son nom seul, sans
          l’adresse complète), le type d’appareil, les pages vues, l’heure et la durée de la visite, votre
          compte si vous êtes connecté, et le fait qu’une visite a mené à une inscription. Ni pays ni ville ne
          sont déterminés. Ces données sont gardées 13 mois.
        </li>
        <li>
          Si votre navigateur envoie « Do Not Track » ou « Global Privacy Control », nous le traitons comme un
          refus, quel que soit votre choix.
        </li>
        <li>Les robots (moteurs de recherche, aperçus de liens, outils automatiques) ne sont pas comptés.</li>
      </ul>
      <p>
        Vous pouvez changer d’avis à tout moment : le bouton ci-dessous efface votre choix et le bandeau vous
        le redemande. Refuser efface aussitôt les identifiants de mesure de votre navigateur.
      </p>
      <ManageCookies />
    </LegalPage>
  );
}

export function TermsPage() {
  const contact = useContactEmail();
  return (
    <LegalPage title="Conditions générales d'utilisation et de vente" updated="24/11/2026">
      <h2>1. Objet</h2>
      <p>
        Relais est une plateforme de mise en relation entre chauffeurs poids lourds et entreprises de
        transport pour des missions courtes. Relais n'est ni employeur, ni transporteur, ni commissionnaire de
        transport.
      </p>
      <h2>2. Inscription</h2>
      <p>
        L'inscription est gratuite. Vous vous engagez à fournir des informations exactes : identité, permis et
        qualifications pour les chauffeurs ; raison sociale et SIRET pour les transporteurs. Relais peut
        suspendre un compte dont les informations sont fausses.
      </p>
      <h2>3. Missions et engagement</h2>
      <p>
        Chaque mission précise son cadre : contrat court conclu entre le chauffeur et le transporteur (qui
        émet le bulletin de salaire), ou prestation d'un transporteur indépendant inscrit au registre avec son
        propre véhicule (qui facture). Les parties sont seules responsables du respect de la réglementation du
        transport et du droit du travail.
      </p>
      <h2>4. Paiement des missions</h2>
      <p>
        Le prix, son mode (forfait, à l'heure, à la journée) et le délai de paiement sont fixés à la
        publication de la mission. Par défaut, le transporteur règle le chauffeur directement, par virement :
        Relais enregistre le montant dû (le prix convenu appliqué aux heures ou aux jours réels, et, quand un
        tarif d'attente a été fixé à la publication, l'attente au-delà de la franchise), son échéance, la
        déclaration de paiement et sa confirmation, sans percevoir ni détenir aucune somme et sans commission.
        Pour une prestation d'indépendant, Relais émet la facture au nom et pour le compte du chauffeur, sous
        le mandat de facturation qu'il accepte (article 289 I-2 du CGI) ; pour un contrat court, Relais
        fournit un relevé d'heures et de rémunération, le bulletin de paie restant établi par l'employeur. Le
        délai de paiement d'un transport routier de marchandises ne peut dépasser 30 jours à compter de la
        facture (article L441-11 du Code de commerce) ; un retard entraîne les pénalités et l'indemnité
        forfaitaire de 40 € prévues par la loi. Lorsque le paiement en ligne est activé, l'acompte et le solde
        sont réglés par carte auprès de Stripe, qui reverse la somme au chauffeur.
      </p>
      <h2>5. Formules et prix</h2>
      <p>
        Le plan Freemium est gratuit : 3 candidatures par mois et 5 messages par jour, les messages échangés
        pendant une mission attribuée ou en cours (et jusqu'à 48 h après sa fin) n'étant pas décomptés. Les
        formules Premium Chauffeur, Elite Chauffeur et Transporteur sont payantes, au mois ou à l'année, aux
        prix affichés sur la page Tarifs : toutes taxes comprises pour les formules Chauffeur, hors taxes pour
        la formule Transporteur (TVA de 20 % en sus). Un abonnement se résilie à tout moment et prend fin au
        terme de la période payée. Sans paiement en ligne, une formule est activée par Relais sur demande ; sa
        facture, émise à l’activation, se règle par virement à 30 jours. Relais émet chaque facture d’une
        formule en Factur-X (PDF lisible et données structurées), téléchargeable sur la page d’abonnement.
      </p>
      <h2>6. Avis</h2>
      <p>
        Les avis portent sur une mission réellement effectuée, restent factuels et courtois. Chaque partie
        note l’autre une fois, dans les 14 jours qui suivent la fin de la mission ; un avis est publié quand
        les deux ont écrit le leur, ou à la fin de ce délai. La personne notée peut signaler un avis ; Relais
        retire les avis injurieux, hors sujet ou sans rapport avec la mission.
      </p>
      <h2>7. Support</h2>
      <p>
        Pour toute question, écrivez au support :{' '}
        <a className="text-accent underline" href={`mailto:${contact}`}>
          {contact}
        </a>
        .
      </p>
      <h2>8. Droit applicable</h2>
      <p>
        Les présentes conditions sont soumises au droit français. À défaut d'accord amiable, les tribunaux
        français sont compétents.
      </p>
    </LegalPage>
  );
}

/** Lines of a legal-notice block, those the back office left empty dropped. */
function Lines({ lines }: { lines: Array<[string, string | null]> }) {
  const given = lines.filter((line): line is [string, string] => Boolean(line[1]));
  if (given.length === 0) return null;
  return (
    <ul className="user-text">
      {given.map(([label, value]) => (
        <li key={label}>
          {label} : <span className="whitespace-pre-line">{value}</span>
        </li>
      ))}
    </ul>
  );
}

export function LegalNoticePage() {
  const contact = useContactEmail();
  const hours = useSupportHours();
  const notice = useLegalNotice();
  const publisherKnown = Boolean(notice.publisherName);
  return (
    <LegalPage title="Mentions légales" updated="22/11/2026">
      <h2>Éditeur</h2>
      <p>
        {notice.publisherName ?? 'Relais'} — plateforme de mise en relation entre chauffeurs poids lourds et
        transporteurs.
      </p>
      <Lines
        lines={[
          ['Forme juridique et capital', notice.publisherForm],
          ['Siège', notice.publisherAddress],
          ['Immatriculation', notice.publisherRegistration],
          ['Directeur de la publication', notice.publicationDirector],
        ]}
      />
      {!publisherKnown && <p>Les informations légales de l’éditeur sont communiquées sur simple demande.</p>}
      <p>
        Contact :{' '}
        <a className="text-accent underline" href={`mailto:${contact}`}>
          {contact}
        </a>
        {hours && <span className="user-text"> ({hours})</span>}
      </p>
      <h2>Hébergement</h2>
      {notice.hostName ? (
        <>
          <p className="user-text">Le service est hébergé dans l'Union européenne par {notice.hostName}.</p>
          <Lines
            lines={[
              ['Adresse', notice.hostAddress],
              ['Téléphone', notice.hostPhone],
            ]}
          />
        </>
      ) : (
        <p>
          Le service est hébergé dans l'Union européenne. Les coordonnées de l'hébergeur sont communiquées sur
          simple demande.
        </p>
      )}
      <h2>Propriété intellectuelle</h2>
      <p>
        La marque Relais, son logo et les contenus du site sont protégés. Toute reproduction sans autorisation
        est interdite.
      </p>
      <h2>Données géographiques</h2>
      <p>
        Communes et codes postaux : Code officiel géographique de l'INSEE publié par Etalab (Licence Ouverte).
        Position des communes : GeoNames (licence CC BY 4.0). Fond de carte intégré : Natural Earth (domaine
        public). Tuiles de carte : selon le fournisseur affiché sur chaque carte (par défaut © contributeurs
        OpenStreetMap, licence ODbL). Adresses : Base Adresse Nationale (Licence Ouverte).
      </p>
      <h2>Données personnelles</h2>
      <p>
        Voir la{' '}
        <a className="text-accent underline" href="/privacy">
          politique de confidentialité
        </a>
        .
      </p>
    </LegalPage>
  );
}
