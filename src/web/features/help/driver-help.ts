/**
 * The drivers' help (/documentation). Every sentence says what the product does today: the figures come from the
 * rules in `core` (limits, reminders, tracking, reviews, badges), so they follow the code when it changes.
 */
import { BADGE_LABELS, BADGE_MEANINGS } from '#core/rules/badges.js';
import {
  DOCUMENT_STATE_LABELS,
  DRIVER_DOCUMENT_LABELS,
  DRIVER_DOCUMENT_TYPES,
  EXPIRING_DAYS,
} from '#core/rules/documents.js';
import { LICENSE_TYPES } from '#core/rules/enums.js';
import { START_EARLY_HOURS } from '#core/rules/missions.js';
import { DEFAULT_ZONE_RADIUS_KM, ZONE_RADII_KM } from '#core/rules/notifications.js';
import { coordinationNote } from '#core/rules/plans.js';
import { REVIEW_WINDOW_DAYS } from '#core/rules/reviews.js';
import { FREEMIUM_LIMITS } from '#core/rules/tariffs.js';
import { SAMPLE_MIN_METERS, SAMPLE_MIN_SECONDS, TRACKING_RETENTION_DAYS } from '#core/rules/tracking.js';
import { BADGE_TYPES } from '#core/rules/enums.js';
import type { HelpGuide } from './help-content.js';
import { commonSections } from './common-help.js';

const documentTypes = DRIVER_DOCUMENT_TYPES.map((type) => DRIVER_DOCUMENT_LABELS[type]);
const zones = `${ZONE_RADII_KM[0]} à ${ZONE_RADII_KM.at(-1)} km`;

export const DRIVER_GUIDE: HelpGuide = {
  role: 'driver',
  title: 'Documentation chauffeur',
  intro:
    'Tout ce que Relais fait pour vous, du premier jour à la mission payée. Cherchez un mot, ou ouvrez une rubrique du sommaire.',
  sections: [
    {
      id: 'premiers-pas',
      title: 'Premiers pas',
      keywords: 'commencer début inscription compte',
      questions: [
        {
          id: 'inscription',
          question: 'Comment créer mon compte ?',
          keywords: 'inscrire enregistrer gratuit',
          body: [
            {
              steps: [
                'Sur la page « Créer un compte » (bouton « S’inscrire » en haut du site), choisissez l’onglet « Chauffeur ».',
                `Indiquez votre nom, votre e-mail, votre téléphone, un mot de passe (6 caractères au moins), votre numéro et votre type de permis (${LICENSE_TYPES.join(', ')}) et vos années d’expérience.`,
                'Touchez « Créer mon compte chauffeur » : Relais vous envoie un e-mail, dont le lien crée votre compte et vous connecte.',
              ],
            },
            'L’inscription est gratuite et ne demande pas de carte bancaire.',
          ],
        },
        {
          id: 'verification-email',
          question: 'Pourquoi confirmer mon adresse e-mail ?',
          keywords: 'mail lien vérifier confirmer courriel',
          body: [
            'À l’inscription, Relais vous envoie un e-mail avec un lien valable 24 heures : c’est lui qui crée votre compte, adresse confirmée. Lien perdu ou trop ancien ? Inscrivez-vous de nouveau avec la même adresse.',
            'Pour changer d’adresse ensuite, passez par [Paramètres](/parametres) : la nouvelle adresse se confirme de la même façon.',
          ],
        },
        {
          id: 'profil',
          question: 'Que mettre dans mon profil ?',
          keywords: 'ville véhicule qualification photo permis expérience',
          body: [
            'Dans [votre profil](/profile), renseignez au moins votre ville de départ habituelle et les véhicules que vous conduisez : ce sont eux qui décident des nouvelles missions qui vous sont signalées, et les recherches « autour de moi » partent de cette ville.',
            'Ajoutez vos qualifications (ADR, FIMO, FCO…) et une photo : les transporteurs voient votre profil quand vous postulez. Votre e-mail n’y est jamais affiché ; votre téléphone seulement aux transporteurs avec qui vous travaillez.',
            'Le tableau de bord affiche « Pour bien démarrer » tant qu’il vous reste une étape : adresse confirmée, profil complété, première candidature.',
          ],
        },
        {
          id: 'validation',
          question: 'Qu’est-ce que la validation de mon profil par Relais ?',
          keywords: 'vérifié non vérifié entretien équipe approuvé',
          body: [
            'L’équipe Relais valide chaque chauffeur en trois étapes, que vous suivez dans [Mes documents](/documents#validation-relais) : vos documents vérifiés, puis un entretien, puis la décision.',
            'La validation demande votre permis, votre carte de conducteur et votre FIMO ou FCO vérifiés et en cours de validité (et votre ADR si vous l’avez déclaré).',
            'En attendant, vous pouvez chercher, postuler et travailler : le transporteur voit seulement « Non vérifié » sur votre candidature. La décision vous arrive par une alerte.',
          ],
        },
      ],
    },
    {
      id: 'trouver-postuler',
      title: 'Trouver une mission et postuler',
      keywords: 'recherche mission candidature postuler',
      questions: [
        {
          id: 'recherche',
          question: 'Comment chercher une mission ?',
          keywords: 'filtre rayon ville chercher trier urgent prix',
          body: [
            'Dans [Missions](/missions), onglet « Trouver une mission » : tapez des mots-clés, une ville de chargement et un rayon, ou touchez « Autour de moi ».',
            '« Plus de filtres » ajoute le véhicule, votre permis, les dates, le prix minimum et maximum, les missions urgentes seulement, et l’ordre (date de début, prix, distance, plus récentes).',
            'Chaque mission dit tout avant de postuler : dates, véhicule, permis requis, documents exigés, prix, tarification (forfait, à l’heure, à la journée) et cadre d’engagement (contrat court ou prestation d’indépendant).',
          ],
        },
        {
          id: 'carte',
          question: 'Puis-je voir les missions sur une carte ?',
          keywords: 'map plan autour',
          body: [
            'Oui : [la Carte](/driver-map) montre les missions ouvertes autour de vous. Elle part de votre position si vous l’avez déjà autorisée pour Relais, sinon de la ville de votre profil ; elle ne demande jamais la position à l’arrivée.',
            'Dans la recherche, le bouton « Carte » affiche aussi les résultats sur une carte.',
          ],
        },
        {
          id: 'alertes-missions',
          question: 'Comment être prévenu des nouvelles missions ?',
          keywords: 'alerte notification zone nouvelle mission',
          body: [
            'Relais vous signale chaque nouvelle mission qui vous correspond :',
            {
              list: [
                'votre permis permet de conduire le véhicule demandé ;',
                'le véhicule fait partie de ceux cochés dans votre profil (ou vous n’en avez coché aucun) ;',
                `le lieu de chargement est dans votre zone autour de votre ville (de ${zones}, ${DEFAULT_ZONE_RADIUS_KM} km au départ) ;`,
                'vous n’êtes pas indiqué indisponible le jour du départ dans vos disponibilités.',
              ],
            },
            'Réglez la zone et la façon d’être prévenu (alerte, push, e-mail) dans [Alertes & Notifications](/alerts#preferences). Sans ville dans votre profil, vous ne recevez pas ces alertes.',
          ],
        },
        {
          id: 'postuler',
          question: 'Comment postuler ?',
          keywords: 'candidater candidature envoyer',
          body: [
            {
              steps: [
                'Ouvrez la mission et vérifiez « Documents exigés : où vous en êtes ».',
                'Écrivez un mot pour le transporteur si vous voulez (facultatif).',
                'Touchez « Postuler à cette mission ».',
              ],
            },
            'Relais refuse la candidature, en disant pourquoi, si votre permis ne couvre pas le véhicule, ou si un document exigé manque, a été refusé ou expire avant la fin de la mission. Un document en cours de vérification suffit pour postuler.',
            'Si la mission part un jour que vous avez marqué indisponible dans vos disponibilités, Relais vous demande de confirmer avant d’envoyer la candidature.',
          ],
        },
        {
          id: 'candidatures',
          question: 'Où suivre mes candidatures ?',
          keywords: 'en attente acceptée retirée non retenue retirer',
          body: [
            'Dans [Missions](/missions), onglet « Mes candidatures » : chacune est « En attente », « Acceptée », « Non retenue » ou « Retirée ». Vous pouvez retirer une candidature en attente.',
            'Dès que vous avez postulé, vous pouvez écrire au transporteur de la mission dans [Messages](/messages).',
          ],
        },
        {
          id: 'temps-de-conduite',
          question: 'Relais tient-il compte de mes temps de conduite ?',
          keywords: 'temps de conduite repos règlement 561/2006 chronotachygraphe semaine',
          body: [
            'Sur chaque mission ouverte, « Postuler » montre votre conduite de la semaine avec cette mission, estimée d’après les adresses de vos missions Relais (par la route quand un service d’itinéraire est configuré, sinon distance à vol d’oiseau × 1,3, à 65 km/h) et la conduite que vous déclarez hors Relais, et chaque limite du règlement (CE) n° 561/2006 qu’elle dépasserait : 9 h par jour (10 h deux fois par semaine), 56 h par semaine, 90 h sur deux semaines, une pause de 45 min après 4 h 30, un repos journalier de 11 h (9 h trois fois entre deux repos hebdomadaires), un repos hebdomadaire au plus tard après six périodes de 24 h.',
            'Vous restez libre de postuler ; le transporteur voit la même estimation et doit donner une raison pour vous retenir au-delà. Relais ne connaît de ce que vous conduisez ailleurs que ce que vous en déclarez : votre chronotachygraphe fait foi, et vous restez responsable de vos temps de conduite et de repos (articles 6 à 8).',
            'Pour déclarer la conduite faite pour un autre employeur ou pour vous-même : « Mes disponibilités », carte « Conduite hors Relais », un jour à la fois (aujourd’hui et les 28 jours précédents, 15 h au plus). Elle compte dans vos totaux du jour, de la semaine et des deux semaines, pas dans vos pauses ni vos repos. Les transporteurs voient seulement si une mission vous ferait dépasser une limite, jamais ces journées ni vos notes.',
            'Vous ne pouvez pas être retenu sur deux missions dont les horaires se chevauchent : la seconde le dit au lieu du bouton « Postuler ».',
          ],
        },
        {
          id: 'choix',
          question: 'Comment le transporteur choisit-il ?',
          keywords: 'retenu choisi sélection accepté',
          body: [
            'Le transporteur compare les candidats : permis, expérience, documents, avis, badges. Quand il vous retient, vous recevez une alerte et la mission passe dans l’onglet « Mes missions » ; les autres candidats sont prévenus.',
            'Un empêchement avant le départ ? Sur la mission, « Se désister » avec un motif : la mission redevient ouverte et le transporteur est prévenu.',
          ],
        },
      ],
    },
    {
      id: 'formules',
      title: 'Limites du plan gratuit et abonnements',
      keywords: 'freemium premium elite abonnement limite prix tarif payer formule',
      questions: [
        {
          id: 'freemium',
          question: 'Que permet le plan gratuit (Freemium) ?',
          keywords: 'gratuit limite quota',
          body: [
            `${FREEMIUM_LIMITS.applicationsPerMonth} candidatures par mois (du 1er à la fin du mois) et ${FREEMIUM_LIMITS.messagesPerDay} messages par jour. Une candidature retirée compte quand même dans le mois.`,
            coordinationNote('driver'),
            'Quand la limite est atteinte, Relais vous le dit et vous propose [les formules](/pricing).',
          ],
        },
        {
          id: 'premium-elite',
          question: 'Que changent Premium et Elite ?',
          keywords: 'illimité tête de liste',
          body: [
            'Premium Chauffeur : candidatures et messages illimités. Elite Chauffeur : tout Premium, et vos candidatures passent en tête de liste chez le transporteur, marquées « Elite ».',
            'Les prix du moment sont sur [Plans & Tarifs](/pricing).',
          ],
        },
        {
          id: 'abonnement',
          question: 'Comment m’abonner ou résilier ?',
          keywords: 'souscrire changer résilier résiliation carte virement facture',
          body: [
            'Tout se fait sur [votre abonnement](/driver/subscription) :',
            {
              list: [
                'avec le paiement en ligne, vous payez par carte sur la page sécurisée de Stripe ; la formule s’active dès que Stripe confirme, et vous pouvez résilier à la fin de la période ;',
                'sans paiement en ligne, vous envoyez une demande ; un administrateur active la formule et Relais émet la facture, à régler par virement sous 30 jours. Vous pouvez annuler une demande en cours.',
              ],
            },
            'Votre page d’abonnement dit lequel des deux s’applique ; chaque facture s’y télécharge (PDF), dès que votre [adresse de facturation](/facturation) est indiquée.',
          ],
        },
      ],
    },
    {
      id: 'documents',
      title: 'Vos documents et leur validité',
      keywords: 'papiers permis carte fimo fco adr pièce identité expiration',
      questions: [
        {
          id: 'documents-types',
          question: 'Quels documents ajouter ?',
          keywords: 'type document ajouter envoyer photo pdf',
          body: [
            `Dans [Mes documents](/documents) : ${documentTypes.join(', ')}.`,
            'Envoyez un PDF ou une photo (JPEG, PNG, WebP, 10 Mo au plus). Les photos sont réenregistrées sans leurs métadonnées (position GPS, appareil).',
            'Pour le permis, indiquez les catégories et la date de fin de validité. La carte de conducteur, la FIMO, la FCO et l’ADR valent 5 ans : sans date de fin, Relais la calcule depuis la date de délivrance.',
          ],
        },
        {
          id: 'documents-etats',
          question: 'Que veulent dire les états de mes documents ?',
          keywords: 'vérification vérifié refusé expiré statut',
          body: [
            {
              list: [
                `« ${DOCUMENT_STATE_LABELS.pending} » : l’équipe Relais ne l’a pas encore vu ; il suffit déjà pour postuler.`,
                `« ${DOCUMENT_STATE_LABELS.verified} » : l’équipe l’a contrôlé.`,
                `« ${DOCUMENT_STATE_LABELS.expiring} » : il expire dans moins de ${EXPIRING_DAYS} jours.`,
                `« ${DOCUMENT_STATE_LABELS.expired} » : la date est passée ; il ne compte plus.`,
                `« ${DOCUMENT_STATE_LABELS.rejected} » : le motif est affiché ; envoyez-en une nouvelle version.`,
                `« ${DOCUMENT_STATE_LABELS.replaced} » : un document plus récent du même type a été vérifié.`,
              ],
            },
            'Un document vérifié reste valable jusqu’à ce que Relais vérifie celui qui le remplace : vous ne perdez rien en envoyant le nouveau en avance.',
          ],
        },
        {
          id: 'documents-rappels',
          question: 'Serai-je prévenu avant qu’un document expire ?',
          keywords: 'rappel expiration renouveler',
          body: [
            'Oui : une alerte « Documents » 90 jours, 30 jours et 7 jours avant la date de fin, puis le jour même, et l’e-mail si vous l’avez choisi. Un document déjà renouvelé n’est plus rappelé.',
            'Si une mission qui vous est attribuée dure au-delà de la date de fin, son transporteur est prévenu aussi.',
          ],
        },
        {
          id: 'documents-qui-voit',
          question: 'Qui peut voir mes documents ?',
          keywords: 'confidentialité consultation transporteur vie privée',
          body: [
            'Vous, l’équipe Relais, et un transporteur avec qui vous travaillez (votre candidature en attente sur une de ses missions, ou une de ses missions qui vous est attribuée) — seulement les documents vérifiés.',
            'Chaque ouverture est listée dans « [Qui a consulté mes documents](/documents#consultations) ».',
          ],
        },
      ],
    },
    {
      id: 'disponibilites',
      title: 'Disponibilités et agenda',
      keywords: 'disponible indisponible calendrier agenda congés vacances semaine planning',
      questions: [
        {
          id: 'disponibilites-jours',
          question: 'Comment indiquer mes jours disponibles ?',
          keywords: 'jour partiel heures',
          body: [
            'Dans [Disponibilités](/availability), marquez chaque jour « disponible », « partiellement disponible » (avec vos heures) ou « indisponible », avec une note si besoin.',
            'Pour aller vite : un rythme de semaine (par exemple du lundi au vendredi) appliqué sur une période, et vos congés en une fois.',
          ],
        },
        {
          id: 'disponibilites-usage',
          question: 'À quoi servent mes disponibilités ?',
          keywords: 'visible transporteur recherche',
          body: [
            'Un jour marqué indisponible, vous ne recevez pas d’alerte pour les missions qui partent ce jour-là, et Relais vous demande de confirmer si vous postulez quand même.',
            'Si vous choisissez d’être visible, les transporteurs qui cherchent un chauffeur disponible à une date (avec le permis et la zone qu’il leur faut) peuvent vous trouver. Sans ce choix, vous n’apparaissez pas.',
          ],
        },
        {
          id: 'agenda-telephone',
          question: 'Puis-je voir mes missions dans l’agenda de mon téléphone ?',
          keywords: 'ics ical google calendar agenda abonnement lien',
          body: [
            'Oui : [Disponibilités](/availability) vous donne un lien d’agenda privé (ICS) à ajouter à l’agenda de votre téléphone. Il montre vos missions et vos disponibilités. Gardez ce lien pour vous ; vous pouvez le révoquer à tout moment.',
          ],
        },
      ],
    },
    {
      id: 'mission',
      title: 'La mission pas à pas',
      keywords:
        'démarrer livrer livraison engagement contrat signature position gps incident attente navigation écran',
      questions: [
        {
          id: 'engagement',
          question: 'Que dois-je signer avant de partir ?',
          keywords: 'contrat ordre de transport signature pdf',
          body: [
            'Quand le transporteur vous retient, Relais écrit le document d’engagement : une proposition de contrat court (si vous êtes embauché pour la mission) ou un ordre de transport (si vous êtes indépendant). Lisez-le sur la mission, puis signez en tapant votre nom.',
            'Le départ demande vos deux signatures, sauf si le transporteur accepte par écrit de démarrer sans.',
          ],
        },
        {
          id: 'demarrer',
          question: 'Quand puis-je démarrer la mission ?',
          keywords: 'départ commencer démarrage',
          body: [
            `Le bouton « Démarrer la mission » s’ouvre ${START_EARLY_HOURS} h avant le départ prévu. Avant, il est grisé et affiche l’heure à partir de laquelle il fonctionnera.`,
          ],
        },
        {
          id: 'position',
          question: 'Ma position est-elle partagée ? Qui la voit ?',
          keywords: 'gps géolocalisation suivi vie privée pause confidentialité',
          body: [
            'Au démarrage, Relais explique ce qui est partagé avant que le téléphone ne demande l’autorisation. Vous pouvez choisir « Partager et démarrer » ou « Démarrer sans partager ».',
            {
              list: [
                `Quoi : votre position, votre vitesse et votre cap, un point toutes les ${SAMPLE_MIN_SECONDS} secondes ou tous les ${SAMPLE_MIN_METERS} mètres.`,
                'Qui : le transporteur de la mission et l’équipe Relais, personne d’autre. Chaque consultation est notée : « Qui a consulté vos positions » sur la mission.',
                'Quand : seulement pendant la mission ; le partage s’arrête à la livraison. « Pause » le suspend à tout moment (une pause, un arrêt personnel) ; le transporteur voit « suivi en pause ».',
                `Combien de temps : ${TRACKING_RETENTION_DAYS} jours après la fin de la mission, les positions sont effacées ; il n’en reste qu’un résumé du trajet (distance, durée, vitesse moyenne).`,
              ],
            },
            'Le détail est dans [la politique de confidentialité](/privacy).',
          ],
        },
        {
          id: 'sans-reseau',
          question: 'Et si je n’ai plus de réseau pendant la mission ?',
          keywords: 'zone blanche hors connexion réseau',
          body: [
            'Les points restent sur le téléphone et partent tout seuls quand le réseau revient. L’indicateur en haut de l’écran (« Partagée », « En pause ») montre le nombre de points en attente.',
          ],
        },
        {
          id: 'y-aller',
          question: 'Comment lancer le GPS vers l’adresse de ramassage ou de livraison ?',
          keywords: 'gps navigation itinéraire waze google maps plans apple guidage adresse y aller',
          body: [
            'Sous chaque adresse de la mission (et sur la carte du suivi pendant la mission), touchez « Y aller » : votre application de navigation s’ouvre avec l’itinéraire jusqu’au point placé par le transporteur, ou jusqu’à l’adresse écrite quand la mission n’a pas de point.',
            'La première fois, Relais demande laquelle utiliser : Waze, Google Maps, puis Plans sur iPhone, iPad et Mac, ou l’application de navigation du téléphone sur les autres. Le choix est retenu sur ce téléphone ; pour en changer, touchez le nom de l’application, à côté de « Y aller ».',
            'Pendant que le GPS est devant, Relais est en arrière-plan : lisez [la question suivante](#ecran-allume).',
          ],
        },
        {
          id: 'ecran-allume',
          question: 'Faut-il laisser l’écran allumé pendant la mission ?',
          keywords: 'écran veille éteint batterie chargeur support arrière-plan positions arrêtées wake lock',
          body: [
            'Oui, si vous voulez que le transporteur vous suive sans interruption. Relais est une application web : elle ne reçoit votre position que lorsque sa page est à l’écran.',
            {
              list: [
                'Ce que Relais fait : pendant le partage, il garde l’écran allumé tant que sa page est affichée (interrupteur « Garder l’écran allumé pendant le suivi » sur la mission en cours, dans [Missions](/missions) ; retenu sur ce téléphone), quand le navigateur le permet. Sinon l’interrupteur n’apparaît pas : réglez vous-même la mise en veille du téléphone.',
                'Ce qu’il ne peut pas faire : sur la plupart des téléphones, les positions s’arrêtent quand l’écran s’éteint, quand le téléphone se verrouille ou quand une autre application passe devant, le GPS ouvert par « Y aller » compris. Elles reprennent dès que vous revenez sur Relais ; le trajet du transporteur a un trou entre les deux.',
                'Le mode économie d’énergie peut refuser de garder l’écran allumé : la mission le dit alors.',
              ],
            },
            {
              steps: [
                'Posez le téléphone sur un support, bien visible et sans le tenir en main en roulant.',
                'Laissez l’écran allumé sur Relais.',
                'Branchez-le sur le chargeur : l’écran allumé et la position consomment de la batterie.',
              ],
            },
            'Si vous suivez le guidage sur le même téléphone, revenez sur Relais à chaque arrêt : les positions reprennent.',
          ],
        },
        {
          id: 'incident',
          question: 'Comment signaler un incident ?',
          keywords: 'retard panne accident dommage marchandise abîmée',
          body: [
            'Sur la mission, « Signaler un incident » : retard, panne, accident, marchandise endommagée ou attente au quai, avec une note et des photos si vous voulez. Le transporteur est prévenu tout de suite.',
            'Vous pouvez en signaler pendant la mission, et après la livraison tant que le transporteur n’a pas confirmé la fin (un dommage vu au déchargement).',
          ],
        },
        {
          id: 'attente',
          question: 'Comment noter un temps d’attente au quai ?',
          keywords: 'attente quai chargement déchargement',
          body: [
            'Sur la mission, « Vous attendez ? » : démarrez le chrono au chargement ou à la livraison, arrêtez-le quand ça repart. Les totaux figurent sur la mission, dans la preuve de livraison et sur la page de paiement.',
            'Quand le transporteur a fixé un tarif d’attente à la publication (mission au forfait, chauffeur indépendant), la mission l’affiche : l’attente au-delà de la franchise, à chaque opération, est facturée par quart d’heure commencé, sur la facture et dans le montant dû. Sinon ce temps ne s’ajoute pas au montant : une mission payée à l’heure le compte déjà.',
          ],
        },
        {
          id: 'preuve-livraison',
          question: 'Comment faire la preuve de livraison ?',
          keywords: 'livré cmr signature destinataire photo bon de livraison',
          body: [
            {
              steps: [
                'À l’arrivée, touchez « Marquer comme livrée ».',
                'Indiquez le nom de la personne qui réceptionne et faites-la signer sur l’écran.',
                'Ajoutez jusqu’à 5 photos du bon de livraison ou de la CMR.',
                'Touchez « Enregistrer et marquer livrée ».',
              ],
            },
            'Relais en fait un PDF que vous et le transporteur pouvez télécharger depuis la mission. Le transporteur confirme ensuite la fin de la mission.',
          ],
        },
      ],
    },
    {
      id: 'paiement',
      title: 'Paiement',
      keywords: 'argent payé virement stripe facture portefeuille montant',
      questions: [
        {
          id: 'montant',
          question: 'Comment est calculé ce qui m’est dû ?',
          keywords: 'montant calcul heure journée forfait tva',
          body: [
            'Quand le transporteur confirme la fin de la mission, Relais calcule le montant avec les heures réelles enregistrées : forfait = le prix ; à l’heure = chaque quart d’heure commencé entre « Démarrer » et « Livré », une heure au moins ; à la journée = chaque jour, du départ à la livraison.',
            'Pas d’accord sur le montant ? Contestez-le sur la page de paiement avec un motif : le transporteur est prévenu et vous réglez la question entre vous.',
          ],
        },
        {
          id: 'deux-modes',
          question: 'Comment suis-je payé ?',
          keywords: 'virement carte stripe versement',
          body: [
            { live: 'paymentMode', text: 'paiement en ligne ou virement sur ce site' },
            {
              list: [
                'Par virement (toujours possible) : le transporteur vous paie directement, puis déclare le paiement (date, référence) sur la page de paiement de la mission. Vous confirmez la réception, ou vous contestez. Si l’échéance passe, vous êtes prévenus tous les deux.',
                'En ligne, quand Relais a le paiement en ligne : le transporteur peut payer par carte un acompte quand il vous retient, puis le solde à la fin. Vous êtes payé sur votre compte quand il valide la mission. Pour le recevoir, touchez une fois « Configurer mes versements » (chez Stripe).',
              ],
            },
            'Relais ne prend pas de commission.',
          ],
        },
        {
          id: 'factures',
          question: 'Qui fait la facture ou la fiche de paie ?',
          keywords: 'facture autofacturation mandat siret bulletin relevé heures',
          body: [
            'Indépendant : Relais émet votre facture en votre nom (mandat de facturation à accepter une fois) dès que vos coordonnées de facturation sont complètes : SIRET, adresse, régime de TVA. La page de paiement dit ce qui manque.',
            'Contrat court : Relais fournit un relevé d’heures et de rémunération ; ce n’est pas une fiche de paie. L’employeur dépose le vrai bulletin de paie, que vous retrouvez sur la page de paiement.',
          ],
        },
        {
          id: 'portefeuille',
          question: 'Où voir mes gains ?',
          keywords: 'portefeuille gains revenus export csv',
          body: [
            '[Le Portefeuille](/wallet) montre ce que vous avez reçu, ce qui est en attente, en retard ou contesté, un graphique sur 12 mois et le détail des opérations, exportable en CSV pour votre comptabilité.',
            '[Analytics Avancés](/analytics) donne vos chiffres par période (gains, missions, candidatures acceptées, note), comparés à la période précédente, avec un export CSV.',
          ],
        },
      ],
    },
    {
      id: 'avis-badges',
      title: 'Avis et badges',
      keywords: 'note étoiles avis réputation badge',
      questions: [
        {
          id: 'avis',
          question: 'Comment fonctionnent les avis ?',
          keywords: 'noter évaluer double aveugle',
          body: [
            `Après la fin de la mission, chacun note l’autre pendant ${REVIEW_WINDOW_DAYS} jours : une note générale et des notes par critère, un commentaire et des photos si vous voulez.`,
            `Personne ne voit l’avis de l’autre avant d’avoir écrit le sien : les deux avis sont publiés ensemble, ou au bout des ${REVIEW_WINDOW_DAYS} jours.`,
            'Votre note de réputation est une moyenne qui démarre prudemment : quelques avis la font peu bouger, beaucoup d’avis la rendent vraiment la vôtre. Un avis injuste peut être signalé à l’équipe Relais depuis votre profil.',
          ],
        },
        {
          id: 'badges',
          question: 'Comment gagner des badges ?',
          keywords: 'fiable expert récompense',
          body: [
            {
              list: BADGE_TYPES.map((type) => `${BADGE_LABELS[type]} : ${BADGE_MEANINGS[type]}`),
            },
            'Les badges suivent vos chiffres : gagnés quand vous atteignez le seuil, perdus si vous repassez dessous. [Votre profil](/profile) montre où vous en êtes pour chacun.',
          ],
        },
      ],
    },
    ...commonSections('driver'),
  ],
};
